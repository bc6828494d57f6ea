package store_test

import (
	"slices"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/testsupport/testdb"
)

func orgNames(p paging.Page[organization.Organization]) []string {
	out := make([]string, len(p.Items))
	for i, o := range p.Items {
		out[i] = o.Name
	}
	return out
}

// Organizations are the tenants themselves: the system administrator's
// list spans them on purpose, and "another organization" is just another id.
func TestOrganizationsContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		repo := store.NewOrganizations(db)
		now := time.Date(2026, 11, 24, 1, 0, 0, 0, time.UTC)
		today := time.Date(2026, 11, 24, 0, 0, 0, 0, clock.Tokyo)
		ended := time.Date(2026, 3, 31, 0, 0, 0, 0, clock.Tokyo)
		later := time.Date(2027, 3, 31, 0, 0, 0, 0, clock.Tokyo)
		create := func(o organization.Organization) int64 {
			t.Helper()
			o.ExternalDataIDLabel, o.ExternalDataValueLabel, o.CheckinType, o.BillingType = "外部ID", "外部データ", "NO_TERMINAL", "NONE"
			id, err := repo.Create(bg, o, now)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		demo := create(organization.Organization{Name: "デモ株式会社", JKCode: "DEMO0001", ServiceEndDate: &later})
		gone := create(organization.Organization{Name: "終了商事", JKCode: "END00001", ServiceEndDate: &ended})
		mail := create(organization.Organization{Name: "メール認証デモ株式会社", JKCode: "DEMO0002"})

		t.Run("create makes the top group", func(t *testing.T) {
			got, err := repo.Get(bg, demo)
			if err != nil || got.Name != "デモ株式会社" || got.Version != 1 || got.ServiceEndDate == nil ||
				got.ServiceEndDate.Format("2006-01-02") != "2027-03-31" {
				t.Fatalf("read back %+v %v", got, err)
			}
			groups, err := store.NewGroups(db).Summaries(bg, access.TrustedTenant(demo))
			if err != nil || len(groups) != 1 || groups[0].Name != "本部" || !groups[0].IsTop {
				t.Errorf("top group: %+v %v", groups, err)
			}
			_, err = repo.Get(bg, 9999)
			wantKind(t, "unknown id", err, failure.KindNotFound)
		})

		t.Run("update with version", func(t *testing.T) {
			o, _ := repo.Get(bg, mail)
			o.PersonInCharge = "営業 花子"
			if err := repo.Update(bg, o, 1, now); err != nil {
				t.Fatal(err)
			}
			if got, _ := repo.Get(bg, mail); got.PersonInCharge != "営業 花子" || got.Version != 2 {
				t.Fatalf("after update %+v", got)
			}
			o.PersonInCharge = "古い版"
			wantKind(t, "stale version", repo.Update(bg, o, 1, now), failure.KindConflict)
			o.ID = 9999
			wantKind(t, "unknown id", repo.Update(bg, o, 1, now), failure.KindNotFound)
			if got, _ := repo.Get(bg, demo); got.PersonInCharge != "" || got.Version != 1 {
				t.Errorf("another organization changed: %+v", got)
			}
		})

		t.Run("list, search, page", func(t *testing.T) {
			all, err := repo.List(bg, "", false, today, paging.Request{})
			if err != nil || !slices.Equal(orgNames(all), []string{"システム管理", "デモ株式会社", "メール認証デモ株式会社"}) {
				t.Fatalf("current organizations: %v %v", orgNames(all), err)
			}
			withEnded, _ := repo.List(bg, "", true, today, paging.Request{})
			if withEnded.Total != 4 || !slices.Contains(orgNames(withEnded), "終了商事") {
				t.Errorf("with ended: %v", orgNames(withEnded))
			}
			for q, want := range map[string][]string{
				"デモ 株式会社":  {"デモ株式会社", "メール認証デモ株式会社"},
				"でも めーる":   {"メール認証デモ株式会社"}, // hiragana finds katakana
				"demo0002": {"メール認証デモ株式会社"}, // the JK code, any case
				"デモ 終了":    {},
			} {
				p, err := repo.List(bg, q, true, today, paging.Request{})
				if err != nil || !slices.Equal(orgNames(p), want) && !(len(want) == 0 && len(p.Items) == 0) {
					t.Errorf("search %q: %v %v, want %v", q, orgNames(p), err, want)
				}
			}
			p2, _ := repo.List(bg, "", true, today, paging.Request{Page: 2, Size: 3})
			if p2.Total != 4 || !slices.Equal(orgNames(p2), []string{"メール認証デモ株式会社"}) {
				t.Errorf("second page of 3: %v", orgNames(p2))
			}
			names, err := repo.Names(bg)
			if err != nil || len(names) != 4 || names[1].ID != demo || names[2].ID != gone {
				t.Errorf("names: %+v %v", names, err)
			}
		})
	})
}
