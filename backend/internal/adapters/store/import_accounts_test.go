package store_test

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/files"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/adapters/workbook"
	"github.com/rouder/console/internal/app/masterimport"
	userapp "github.com/rouder/console/internal/app/user"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	mdomain "github.com/rouder/console/internal/domain/masters"
	"github.com/rouder/console/internal/domain/user"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// A bulk registration writes users' accounts as the user screen does, so
// the two take turns over an account (Users.LockAccounts): of an import
// adding "Taro01" and a screen's save of "taro01" in the same
// organization, or with the SYSTEM range in another, exactly one gets the
// account, whichever comes first and however they overlap.

// importWorld is organization A (masters) with an administrator who
// imports, the import's and the user screen's use cases over the real
// repositories, and hooks inside both.
type importWorld struct {
	m         *masters
	imports   *masterimport.UseCases
	screen    *userapp.UseCases
	importer  context.Context
	snapshots *hookedSnapshots
	saves     *heldUsers
	written   *refusingUsers
	// What the apply job and the screen's save ended with.
	applyErr, saveErr error
	// newUserLine is the users sheet's line of previewed's new user.
	newUserLine int
}

// hookedSnapshots calls inTx after each read of the masters inside a
// transaction: the apply's, once it holds what it holds.
type hookedSnapshots struct {
	*store.MasterSnapshot
	inTx func()
}

func (h *hookedSnapshots) Snapshot(ctx context.Context, tn access.Tenant) (mdomain.Snapshot, error) {
	s, err := h.MasterSnapshot.Snapshot(ctx, tn)
	if _, ok := store.TxFrom(ctx); ok && h.inTx != nil {
		h.inTx()
	}
	return s, err
}

// heldUsers calls afterCreate once the user screen's insert is done,
// before its transaction commits.
type heldUsers struct {
	*store.Users
	afterCreate func()
}

func (h *heldUsers) Create(ctx context.Context, tn access.Tenant, in user.Input, hash string, now time.Time) (int64, error) {
	id, err := h.Users.Create(ctx, tn, in, hash, now)
	if h.afterCreate != nil {
		h.afterCreate()
	}
	return id, err
}

// refusingUsers answers the import's creates with refuse when set.
type refusingUsers struct {
	*store.Users
	refuse error
}

func (r *refusingUsers) Create(ctx context.Context, tn access.Tenant, in user.Input, hash string, now time.Time) (int64, error) {
	if r.refuse != nil {
		return 0, r.refuse
	}
	return r.Users.Create(ctx, tn, in, hash, now)
}

type plainHasher struct{}

func (plainHasher) Hash(plain string) (string, error) { return "hashed:" + plain, nil }

func newImportWorld(t *testing.T, db *store.DB, systemRange bool) *importWorld {
	t.Helper()
	m := newMasters(t, db)
	fs, err := files.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := &importWorld{m: m, snapshots: &hookedSnapshots{MasterSnapshot: store.NewMasterSnapshot(db)},
		saves: &heldUsers{Users: store.NewUsers(db)}, written: &refusingUsers{Users: store.NewUsers(db)}}
	tx, orgs := store.NewTxManager(db), store.NewOrganizations(db)
	w.imports = masterimport.New(tx, noQueue{}, store.NewMasterImports(db), w.snapshots, workbook.Files{}, fs, orgs,
		masterimport.Repos{Groups: store.NewGroups(db), Facilities: store.NewFacilities(db), Users: w.written,
			FacilityTags: store.NewFacilityTags(db), UserTags: store.NewUserTags(db), CheckLists: store.NewCheckLists(db),
			Surveys: store.NewSurveys(db), Sessions: store.NewSessions(db)},
		plainHasher{}, store.NewOperationHistory(db), clock.System{}, masterimport.Config{SystemRange: systemRange})
	w.screen = userapp.New(userapp.Config{SystemRange: systemRange}, userapp.Deps{Tx: tx, Users: w.saves,
		Tags: store.NewUserTags(db), Groups: store.NewGroups(db), Facilities: store.NewFacilities(db), Organizations: orgs,
		Sessions: store.NewSessions(db), Passwords: plainHasher{}, Clock: clock.System{}})
	admin := m.user(t, m.ta, "importer01", m.top.ID, 0)
	w.importer = access.WithPrincipal(context.Background(), access.Principal{UserID: admin, Account: "importer01",
		OrganizationID: m.a, ActingOrgID: m.a, GroupPath: m.top.Path, TopGroupUser: true,
		Roles: access.RolesOf(access.OrganizationAdmin, nil)})
	return w
}

// previewed uploads A's masters with a new user of account in 東日本エリア,
// previews it and asks for it to be applied: the apply job is next.
func (w *importWorld) previewed(t *testing.T, account string) mdomain.Import {
	t.Helper()
	s, err := store.NewMasterSnapshot(w.m.db).Snapshot(w.importer, w.m.ta)
	if err != nil {
		t.Fatal(err)
	}
	rows := mdomain.Render(s)
	rows[mdomain.SetUsers] = append(rows[mdomain.SetUsers], []string{"", account, "山田", "太郎", "グループスタッフ", "",
		strconv.FormatInt(w.m.east.ID, 10), "", "", "", "", "", account + "@example.com", ""})
	w.newUserLine = len(rows[mdomain.SetUsers]) + 1 // below the heading
	org, err := store.NewOrganizations(w.m.db).Get(bg, w.m.a)
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	labels := mdomain.Labels{ExternalDataID: org.ExternalDataIDLabel, ExternalDataValue: org.ExternalDataValueLabel}
	if err := workbook.Write(&file, mdomain.Layouts(labels), rows, nil); err != nil {
		t.Fatal(err)
	}
	im, err := w.imports.Upload(w.importer, "users.xlsx", &file, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.imports.Run(w.importer, masterimport.RunJob{OrganizationID: w.m.a, ImportID: im.ID}, true); err != nil {
		t.Fatal(err)
	}
	if im, err = w.imports.Get(w.importer, im.ID); err != nil || im.Status != mdomain.Previewed ||
		(mdomain.Plan{Counts: im.Counts}).Errors() != 0 {
		t.Fatalf("preview: %+v %v", im, err)
	}
	if _, err := w.imports.Apply(w.importer, im.ID); err != nil {
		t.Fatal(err)
	}
	return im
}

// apply runs the apply job in the background; done closes when it ends.
func (w *importWorld) apply(im mdomain.Import) (done chan struct{}) {
	done = make(chan struct{})
	go func() {
		defer close(done)
		w.applyErr = w.imports.Run(w.importer, masterimport.RunJob{OrganizationID: w.m.a, ImportID: im.ID, Apply: true}, true)
	}()
	return done
}

// save has the user screen of org create account in group, in the
// background; done closes when it ends.
func (w *importWorld) save(org, group int64, account string) (done chan struct{}) {
	done = make(chan struct{})
	ctx := access.WithPrincipal(context.Background(), access.Principal{UserID: 1, Account: "screen01",
		OrganizationID: org, ActingOrgID: org, TopGroupUser: true, Roles: access.RolesOf(access.OrganizationAdmin, nil)})
	go func() {
		defer close(done)
		_, w.saveErr = w.screen.Create(ctx, user.Input{Account: account, LastName: "山田", FirstName: "太郎",
			Password: "Taro#2026x", MainAuthority: access.GroupStaff, GroupID: group, MfaType: user.MfaNone,
			MailAddress: account + "@example.net"})
	}()
	return done
}

// outcome is the import as it ended and how many users hold account.
func (w *importWorld) outcome(t *testing.T, im mdomain.Import, account string) (mdomain.Import, int) {
	t.Helper()
	if w.applyErr != nil {
		t.Fatalf("apply job: %v", w.applyErr)
	}
	got, err := w.imports.Get(w.importer, im.ID)
	if err != nil {
		t.Fatal(err)
	}
	n, err := w.m.db.NewSelect().TableExpr("users").Where("LOWER(user_account) = LOWER(?)", account).Count(bg)
	if err != nil {
		t.Fatal(err)
	}
	return got, n
}

// waitsForAnAccount reports whether a transaction of db comes to wait for
// an advisory lock (an account's turn) before finished closes; PostgreSQL
// only (SQLite's transactions take turns whole).
func waitsForAnAccount(t *testing.T, db *store.DB, finished chan struct{}) bool {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		select {
		case <-finished:
			return false
		default:
		}
		var waiting int
		if err := db.NewRaw(`SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
			AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`).Scan(bg, &waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			return true
		}
	}
	return false
}

// where the user screen saves: A's 西日本エリア, or B's top group.
func (w *importWorld) where(elsewhere bool) (org, group int64) {
	if elsewhere {
		return w.m.b, w.m.bTop.ID
	}
	return w.m.a, w.m.west.ID
}

var accountRaces = []struct {
	name        string
	systemRange bool
	elsewhere   bool // the screen saves in organization B
}{
	{"same organization, another case", false, false},
	{"another organization, SYSTEM range", true, true},
}

// The screen saves first and holds its transaction open: the apply waits
// for the account, then refuses — stale when its own masters show the new
// holder, naming the account when only the check under the lock sees it.
func TestAnImportWaitsForAScreenSavingItsAccount(t *testing.T) {
	for _, race := range accountRaces {
		t.Run(race.name, func(t *testing.T) {
			testdb.Each(t, func(t *testing.T, db *store.DB) {
				w := newImportWorld(t, db, race.systemRange)
				im := w.previewed(t, "Taro01")
				held, release := make(chan struct{}), make(chan struct{})
				w.saves.afterCreate = func() { close(held); <-release }
				org, group := w.where(race.elsewhere)
				saved := w.save(org, group, "taro01")
				select {
				case <-held:
				case <-saved:
					t.Fatalf("the screen's save: %v", w.saveErr)
				}
				applied := w.apply(im)
				if db.Dialect == store.Postgres && !waitsForAnAccount(t, db, applied) {
					t.Error("the apply did not wait for the account the screen holds")
				}
				close(release)
				<-saved
				<-applied
				if w.saveErr != nil {
					t.Fatalf("the screen's save: %v", w.saveErr)
				}
				got, holders := w.outcome(t, im, "taro01")
				want := mdomain.MsgStale
				switch {
				case race.elsewhere && db.Dialect == store.Postgres:
					want = fmt.Sprintf(mdomain.MsgAccountTakenSince, "Taro01")
				case race.elsewhere:
					// SQLite's one connection makes even the apply's first
					// reads wait for the screen's commit: the plan it builds
					// again already finds the account taken, and names its row.
					want = fmt.Sprintf(mdomain.MsgErrorSincePreview, "ユーザー", w.newUserLine,
						"［ユーザーアカウント］「Taro01」: "+user.MsgAccountTaken)
				}
				if got.Status != mdomain.Failed || got.Message != want || holders != 1 {
					t.Errorf("import %s %q, %d holders of the account; want FAILED %q and one", got.Status, got.Message, holders, want)
				}
			})
		})
	}
}

// The import applies first and holds its transaction open once it has
// read the masters: the screen's save waits for the account, then finds
// it taken.
func TestAScreenWaitsForAnImportWritingItsAccount(t *testing.T) {
	for _, race := range accountRaces {
		t.Run(race.name, func(t *testing.T) {
			testdb.Each(t, func(t *testing.T, db *store.DB) {
				w := newImportWorld(t, db, race.systemRange)
				im := w.previewed(t, "Taro01")
				read, proceed := make(chan struct{}), make(chan struct{})
				w.snapshots.inTx = func() { close(read); <-proceed }
				applied := w.apply(im)
				select {
				case <-read:
				case <-applied:
					t.Fatalf("the apply ended before it read the masters: %v", w.applyErr)
				}
				org, group := w.where(race.elsewhere)
				saved := w.save(org, group, "taro01")
				if db.Dialect == store.Postgres && !waitsForAnAccount(t, db, saved) {
					t.Error("the screen's save did not wait for the account the import holds")
				}
				close(proceed)
				<-applied
				<-saved
				got, holders := w.outcome(t, im, "taro01")
				if fe, ok := failure.As(w.saveErr); !ok || fe.Fields["userAccount"] != user.MsgAccountTaken {
					t.Errorf("the screen's save: %v", w.saveErr)
				}
				if got.Status != mdomain.Applied || holders != 1 {
					t.Errorf("import %s %q, %d holders of the account; want APPLIED and one", got.Status, got.Message, holders)
				}
			})
		})
	}
}

// A write the repository refuses for another reason than a value taken
// since the preview keeps that reason: the field's message, not "changed
// since the preview" (uploading again would meet it again). A value
// taken since is stale.
func TestAnImportKeepsTheReasonOfARefusedWrite(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		w := newImportWorld(t, db, false)
		for i, cs := range []struct {
			refuse error
			want   string
		}{
			{failure.Invalid(map[string]string{"mailAddress": "メールアドレスの形式で入力してください。"}), "メールアドレスの形式で入力してください。"},
			{failure.Invalid(map[string]string{"userAccount": user.MsgAccountTaken}), mdomain.MsgStale},
		} {
			im := w.previewed(t, fmt.Sprintf("jiro%04d", i))
			w.written.refuse = cs.refuse
			<-w.apply(im)
			got, _ := w.outcome(t, im, "none")
			if got.Status != mdomain.Failed || got.Message != cs.want {
				t.Errorf("refused with %v: import %s %q, want %q", cs.refuse, got.Status, got.Message, cs.want)
			}
		}
	})
}
