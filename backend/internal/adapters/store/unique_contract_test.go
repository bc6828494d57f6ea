package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/terminal"
	"github.com/rouder/console/internal/domain/user"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// wantField asserts err is the 400 an "already taken" check gives.
func wantField(t *testing.T, what string, err error, field, msg string) {
	t.Helper()
	f, ok := failure.As(err)
	if !ok || f.Kind != failure.KindInvalid || f.Fields[field] != msg {
		t.Errorf("%s: got %v, want %s: %s", what, err, field, msg)
	}
}

// race runs fn n times at once and returns how many succeeded; every
// other call must fail with the field's message.
func race(t *testing.T, n int, field, msg string, fn func(i int) error) int {
	t.Helper()
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = fn(i) })
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		wantField(t, "a racing write", err, field, msg)
	}
	return ok
}

// A write that breaks a unique index of user input answers like the check
// before it (400 with the field's message), on both databases, in or out
// of a transaction: requests sent together can all pass that check.
func TestUniqueViolationsAnswerLikeTheirCheck(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		tx := store.NewTxManager(db)
		users := store.NewUsers(db)
		shinjuku := m.store(t, m.ta, m.east.ID, "新宿駅前店", "シンジュクエキマエテン")

		t.Run("straight into the index", func(t *testing.T) {
			// The repositories of users and terminals leave the check to
			// the use case, so these writes meet the index itself.
			m.user(t, m.ta, "taken001", m.top.ID, 0)
			in := user.Input{Account: "taken001", LastName: "山田", FirstName: "太郎", MainAuthority: access.GroupStaff,
				GroupID: m.top.ID, MfaType: user.MfaNone, MailAddress: "t@example.com"}
			_, err := users.Create(bg, m.ta, in, "hash", m.now)
			wantField(t, "create user", err, "userAccount", user.MsgAccountTaken)
			err = tx.InTx(bg, func(ctx context.Context) error { _, err := users.Create(ctx, m.ta, in, "hash", m.now); return err })
			wantField(t, "create user in a transaction", err, "userAccount", user.MsgAccountTaken)

			other := m.user(t, m.ta, "other001", m.top.ID, 0)
			u, _ := users.Detail(bg, m.ta, other)
			edit := userInputOf(u)
			edit.Account = "taken001"
			wantField(t, "rename user", users.Update(bg, m.ta, other, u.Version, edit, "", m.now), "userAccount", user.MsgAccountTaken)

			terminals := store.NewTerminals(db)
			reg := terminal.Input{FacilityID: shinjuku, Code: "TAB-0001"}
			if _, err := terminals.Create(bg, m.ta, reg, m.now); err != nil {
				t.Fatal(err)
			}
			_, err = terminals.Create(bg, m.ta, reg, m.now)
			wantField(t, "register terminal", err, "terminalId", terminal.MsgTaken)
		})

		t.Run("other unique indexes stay faults", func(t *testing.T) {
			for _, q := range []string{
				"CREATE TABLE unique_probe (a INTEGER, b TEXT)",
				"CREATE UNIQUE INDEX unique_probe_ab ON unique_probe (a, b)",
				"CREATE UNIQUE INDEX unique_probe_lower ON unique_probe (LOWER(b)) WHERE a > 1",
				"INSERT INTO unique_probe VALUES (1, 'x'), (2, 'y')",
			} {
				if _, err := db.ExecContext(bg, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			for _, c := range []struct {
				insert, index, target string
			}{
				{"INSERT INTO unique_probe VALUES (1, 'x')", "unique_probe_ab", "unique_probe.a, unique_probe.b"},
				{"INSERT INTO unique_probe VALUES (3, 'Y')", "unique_probe_lower", ""},
			} {
				_, err := db.ExecContext(bg, c.insert)
				index, target, ok := store.UniqueViolation(err)
				if !ok {
					t.Fatalf("%s: %v is no unique violation", c.insert, err)
				}
				// PostgreSQL names the index; SQLite its columns, or an
				// index on expressions by name.
				if db.Dialect == store.Postgres && index != c.index ||
					db.Dialect == store.SQLite && (index != "" && index != c.index || target != c.target) {
					t.Errorf("%s: index %q target %q (%v)", c.insert, index, target, err)
				}
				if got := store.AsTaken(err); !errors.Is(got, err) {
					t.Errorf("%s: an index no rule names became %v", c.insert, got)
				}
			}
			if _, _, ok := store.UniqueViolation(errors.New("UNIQUE constraint failed: users.user_account")); ok {
				t.Error("a plain error taken for a violation")
			}
		})

		t.Run("twenty creates of one tag label", func(t *testing.T) {
			for _, repo := range []tagRepo{store.NewFacilityTags(db), store.NewUserTags(db)} {
				n := race(t, 20, "label", tag.MsgDuplicate, func(int) error {
					return tx.InTx(bg, func(ctx context.Context) error {
						_, err := repo.Create(ctx, m.ta, tag.Input{Label: "競合"}, m.now)
						return err
					})
				})
				if n != 1 {
					t.Errorf("%T: %d creates succeeded", repo, n)
				}
			}
		})

		// As the user use cases do: check inside the transaction, then write.
		createChecked := func(tn access.Tenant, anywhere bool, account string, groupID int64) error {
			return tx.InTx(bg, func(ctx context.Context) error {
				if taken, err := users.AccountTaken(ctx, tn, anywhere, account, 0); err != nil || taken {
					return errors.Join(err, failure.Invalid(map[string]string{"userAccount": user.MsgAccountTaken}))
				}
				_, err := users.Create(ctx, tn, user.Input{Account: account, LastName: "山田", FirstName: "競合",
					MainAuthority: access.GroupStaff, GroupID: groupID, MfaType: user.MfaNone, MailAddress: "r@example.com"}, "hash", m.now)
				return err
			})
		}
		t.Run("twenty creates of one account, in two cases", func(t *testing.T) {
			n := race(t, 20, "userAccount", user.MsgAccountTaken, func(i int) error {
				return createChecked(m.ta, false, []string{"racer001", "RACER001"}[i%2], m.top.ID)
			})
			if n != 1 {
				t.Errorf("%d creates succeeded", n)
			}
		})
		t.Run("twenty creates of one account across organizations (SYSTEM range)", func(t *testing.T) {
			n := race(t, 20, "userAccount", user.MsgAccountTaken, func(i int) error {
				if i%2 == 0 {
					return createChecked(m.ta, true, "racer002", m.top.ID)
				}
				return createChecked(m.tb, true, "racer002", m.bTop.ID)
			})
			if n != 1 {
				t.Errorf("%d creates succeeded", n)
			}
			if _, err := users.FindByAccountAnywhere(bg, "racer002"); err != nil {
				t.Errorf("sign-in without organization: %v", err)
			}
		})
	})
}
