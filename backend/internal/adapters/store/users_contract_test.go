package store_test

import (
	"slices"
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/user"
	"github.com/rouder/console/internal/testsupport/testdb"
)

func accounts(p paging.Page[user.User]) []string {
	out := make([]string, len(p.Items))
	for i, u := range p.Items {
		out[i] = u.Account
	}
	return out
}

func TestUsersContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		repo := store.NewUsers(db)
		manager := m.userTag(t, m.ta, "店長")
		shinjuku := m.store(t, m.ta, m.east.ID, "新宿駅前店", "シンジュクエキマエテン")
		hana := m.user(t, m.ta, "hanako01", m.east.ID, shinjuku, manager)
		admin := m.user(t, m.ta, "admin001", m.top.ID, 0)
		west := m.user(t, m.ta, "west0001", m.west.ID, 0)
		// The same account in B: fine in the ORGANIZATION range.
		bHana := m.user(t, m.tb, "hanako01", m.bTop.ID, 0)
		m.user(t, m.tb, "onlyinb1", m.bTop.ID, 0)

		t.Run("create, get, detail, find", func(t *testing.T) {
			d, err := repo.Detail(bg, m.ta, hana)
			if err != nil {
				t.Fatal(err)
			}
			if d.Account != "hanako01" || d.OrganizationID != m.a || d.GroupPath != m.east.Path || d.GroupName != "東日本エリア" ||
				d.FacilityID == nil || *d.FacilityID != shinjuku || d.FacilityName != "新宿駅前店" || len(d.Tags) != 1 ||
				d.Tags[0].ID != manager || d.Version != 1 || d.IsTopGroup {
				t.Fatalf("detail %+v", d)
			}
			if orgs := m.linkOrganizations(t, "user_attribute_links", "user_id", hana); !slices.Equal(orgs, []int64{m.a}) {
				t.Errorf("tag links carry organizations %v, want [%d]", orgs, m.a)
			}
			if a, err := repo.Get(bg, m.ta, admin); err != nil || !a.IsTopGroup || a.FacilityID != nil {
				t.Errorf("top-group user without a store: %+v %v", a, err)
			}
			if u, err := repo.FindByAccount(bg, m.ta, "hanako01"); err != nil || u.ID != hana {
				t.Errorf("find in A: %+v %v", u, err)
			}
			if u, err := repo.FindByAccount(bg, m.tb, "hanako01"); err != nil || u.ID != bHana {
				t.Errorf("find in B: %+v %v", u, err)
			}
			// SYSTEM range: an account held in two organizations is nobody's.
			_, err = repo.FindByAccountAnywhere(bg, "hanako01")
			wantKind(t, "ambiguous account anywhere", err, failure.KindNotFound)
			if u, err := repo.FindByAccountAnywhere(bg, "onlyinb1"); err != nil || u.OrganizationID != m.b {
				t.Errorf("unique account anywhere: %+v %v", u, err)
			}
		})

		t.Run("account taken", func(t *testing.T) {
			for _, c := range []struct {
				anywhere bool
				account  string
				except   int64
				want     bool
			}{
				{false, "HANAKO01", 0, true}, // case does not make another account
				{false, "hanako01", hana, false},
				{false, "onlyinb1", 0, false}, // B's account is free in A
				{true, "onlyinb1", 0, true},   // but not in the SYSTEM range
				{true, "nobody01", 0, false},
			} {
				if got, err := repo.AccountTaken(bg, m.ta, c.anywhere, c.account, c.except); err != nil || got != c.want {
					t.Errorf("%+v: got %v %v", c, got, err)
				}
			}
		})

		t.Run("update with version", func(t *testing.T) {
			d, _ := repo.Detail(bg, m.ta, west)
			in := user.Input{Account: d.Account, LastName: "西", FirstName: "次郎", MainAuthority: access.GroupAdmin,
				GroupID: m.west.ID, MfaType: user.MfaNone, MailAddress: "jiro@example.com", TagIDs: []int64{manager}}
			if err := repo.Update(bg, m.ta, west, 1, in, "", m.now); err != nil {
				t.Fatal(err)
			}
			got, _ := repo.Detail(bg, m.ta, west)
			if got.LastName != "西" || got.MainAuthority != access.GroupAdmin || got.PasswordHash != "hash" || got.Version != 2 || len(got.Tags) != 1 {
				t.Fatalf("after update %+v", got)
			}
			in.LastName = "古い版"
			wantKind(t, "stale version", repo.Update(bg, m.ta, west, 1, in, "", m.now), failure.KindConflict)
			if err := repo.SetPassword(bg, m.ta, west, "newhash", m.now); err != nil {
				t.Fatal(err)
			}
			if got, _ := repo.Get(bg, m.ta, west); got.PasswordHash != "newhash" || got.LastName != "西" || got.Version != 3 {
				t.Errorf("after the password: %+v", got)
			}
		})

		t.Run("another organization gets not found", func(t *testing.T) {
			_, err := repo.Get(bg, m.tb, hana)
			wantKind(t, "get", err, failure.KindNotFound)
			_, err = repo.Detail(bg, m.tb, hana)
			wantKind(t, "detail", err, failure.KindNotFound)
			in := user.Input{Account: "hanako01", LastName: "乗", FirstName: "取", MainAuthority: access.GroupStaff,
				GroupID: m.bTop.ID, MfaType: user.MfaNone, MailAddress: "x@example.com"}
			wantKind(t, "update", repo.Update(bg, m.tb, hana, 1, in, "", m.now), failure.KindNotFound)
			wantKind(t, "password", repo.SetPassword(bg, m.tb, hana, "stolen", m.now), failure.KindNotFound)
			wantKind(t, "delete", repo.Delete(bg, m.tb, hana), failure.KindNotFound)
			if got, err := repo.Detail(bg, m.ta, hana); err != nil || got.LastName != "山田" || got.PasswordHash != "hash" || len(got.Tags) != 1 {
				t.Errorf("A's user after B's attempts: %+v %v", got, err)
			}
		})

		t.Run("list, filter, sort, page", func(t *testing.T) {
			all, err := repo.List(bg, m.ta, user.Filter{}, paging.Request{})
			if err != nil {
				t.Fatal(err)
			}
			if all.Total != 3 || !slices.Equal(accounts(all), []string{"admin001", "hanako01", "west0001"}) {
				t.Fatalf("all by account: %v", accounts(all))
			}
			for _, u := range all.Items {
				if u.OrganizationID != m.a {
					t.Errorf("A's list shows %+v", u)
				}
			}
			if b, _ := repo.List(bg, m.tb, user.Filter{}, paging.Request{}); b.Total != 2 || slices.Contains(accounts(b), "admin001") {
				t.Errorf("B's list: %v", accounts(b))
			}
			for q, want := range map[string][]string{
				"山田 hanako":      {"hanako01"}, // every word, across fields
				"ＨＡＮＡＫＯ０１":       {"hanako01"}, // width and case folding
				"西 次郎":           {"west0001"},
				"山田 west":        {},
				"example.com 山田": {"admin001", "hanako01"},
			} {
				p, err := repo.List(bg, m.ta, user.Filter{SearchText: q}, paging.Request{})
				if err != nil || !slices.Equal(accounts(p), want) && !(len(want) == 0 && len(p.Items) == 0) {
					t.Errorf("search %q: %v %v, want %v", q, accounts(p), err, want)
				}
			}
			if p, _ := repo.List(bg, m.ta, user.Filter{GroupID: &m.east.ID}, paging.Request{}); !slices.Equal(accounts(p), []string{"hanako01"}) {
				t.Errorf("east group: %v", accounts(p))
			}
			if p, _ := repo.List(bg, m.ta, user.Filter{GroupID: &m.bTop.ID}, paging.Request{}); p.Total != 0 {
				t.Errorf("filter by B's group: %v", accounts(p))
			}
			if p, _ := repo.List(bg, m.ta, user.Filter{TagID: &manager}, paging.Request{}); p.Total != 2 {
				t.Errorf("tag: %v", accounts(p))
			}
			if p, _ := repo.List(bg, m.ta, user.Filter{AuthorityName: access.GroupAdmin}, paging.Request{}); !slices.Equal(accounts(p), []string{"west0001"}) {
				t.Errorf("authority: %v", accounts(p))
			}
			p1, _ := repo.List(bg, m.ta, user.Filter{Descending: true}, paging.Request{Page: 1, Size: 2})
			p2, _ := repo.List(bg, m.ta, user.Filter{Descending: true}, paging.Request{Page: 2, Size: 2})
			if p1.Total != 3 || !slices.Equal(append(accounts(p1), accounts(p2)...), []string{"west0001", "hanako01", "admin001"}) {
				t.Errorf("descending pages of 2: %v + %v", accounts(p1), accounts(p2))
			}
		})

		t.Run("a scoped tenant lists only its subtree", func(t *testing.T) {
			east := m.scoped(m.east.Path)
			if p, err := repo.List(bg, east, user.Filter{}, paging.Request{}); err != nil || !slices.Equal(accounts(p), []string{"hanako01"}) {
				t.Errorf("east scope: %v %v", accounts(p), err)
			}
			if p, _ := repo.List(bg, east, user.Filter{SearchText: "admin"}, paging.Request{}); p.Total != 0 {
				t.Errorf("east scope finds the head office: %v", accounts(p))
			}
		})

		t.Run("delete", func(t *testing.T) {
			if err := repo.Delete(bg, m.ta, hana); err != nil {
				t.Fatal(err)
			}
			_, err := repo.Get(bg, m.ta, hana)
			wantKind(t, "deleted user", err, failure.KindNotFound)
			wantKind(t, "delete twice", repo.Delete(bg, m.ta, hana), failure.KindNotFound)
			if orgs := m.linkOrganizations(t, "user_attribute_links", "user_id", hana); len(orgs) != 0 {
				t.Errorf("deleted user keeps tag links %v", orgs)
			}
			if _, err := repo.Get(bg, m.tb, bHana); err != nil {
				t.Errorf("B's user of the same account: %v", err)
			}
		})
	})
}
