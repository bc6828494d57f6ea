package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/files"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/testsupport/testdb"
)

func fakeHash(pw string) (string, error) { return "hashed:" + pw, nil }

func TestSeedDemoFillsAnEmptyDatabaseOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
		fs, err := files.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		seeded, err := store.SeedDemo(ctx, db, fakeHash, fs, now)
		if err != nil || !seeded {
			t.Fatalf("first seed: seeded=%v err=%v", seeded, err)
		}
		again, err := store.SeedDemo(ctx, db, fakeHash, fs, now)
		if err != nil || again {
			t.Fatalf("second seed: seeded=%v err=%v", again, err)
		}
		for _, a := range store.DemoAccounts {
			var hash string
			if err := db.NewSelect().Table("users").Column("password_hash").
				Where("organization_id = ? AND user_account = ?", a.OrganizationID, a.Account).Scan(ctx, &hash); err != nil {
				t.Fatalf("account %s: %v", a.Account, err)
			}
			if hash != "hashed:"+a.Password {
				t.Errorf("account %s stores %q", a.Account, hash)
			}
		}
		// Every organization is valid as its form checks it (the improvement due days at least).
		if bad, _ := db.NewSelect().Table("organizations").Where("improvement_due_days < 1").Count(ctx); bad != 0 {
			t.Errorf("%d organizations without improvement due days", bad)
		}
		manuals, err := store.NewSupportFiles(db).Published(ctx)
		if err != nil || len(manuals) != 1 || manuals[0].Size < 1000 {
			t.Errorf("manuals: %+v %v", manuals, err)
		}
		stores, _ := db.NewSelect().Table("facilities").Where("organization_id = 2").Count(ctx)
		tagged, _ := db.NewSelect().Table("facility_attribute_links").Count(ctx)
		if stores < 8 || tagged < stores {
			t.Errorf("demo has %d stores and %d tag links", stores, tagged)
		}
		// One open survey for every store, with answers over three months.
		var answers, surveyStores, days int
		_ = db.NewRaw("SELECT COUNT(*) FROM survey_answers WHERE organization_id = 2").Scan(ctx, &answers)
		_ = db.NewRaw("SELECT COUNT(*) FROM survey_facilities").Scan(ctx, &surveyStores)
		_ = db.NewRaw("SELECT COUNT(DISTINCT answered_date) FROM survey_answers").Scan(ctx, &days)
		if answers != store.DemoSurveyAnswers || surveyStores != stores || days < 60 {
			t.Errorf("demo survey: %d answers on %d days at %d of %d stores", answers, days, surveyStores, stores)
		}
		// Improvement reports in every status, on both sides, some overdue, some from customers.
		var statuses, kinds, overdue, storeUnread, officeUnread int
		_ = db.NewRaw("SELECT COUNT(DISTINCT status) FROM improvements WHERE organization_id = 2").Scan(ctx, &statuses)
		_ = db.NewRaw("SELECT COUNT(DISTINCT source_kind) FROM improvements WHERE organization_id = 2").Scan(ctx, &kinds)
		_ = db.NewRaw("SELECT COUNT(*) FROM improvements WHERE organization_id = 2 AND status <> 'COMPLETED' AND due_date < ?", "2026-11-22").Scan(ctx, &overdue)
		_ = db.NewRaw("SELECT COUNT(*) FROM improvements WHERE organization_id = 2 AND last_office_event > store_read_event").Scan(ctx, &storeUnread)
		_ = db.NewRaw("SELECT COUNT(*) FROM improvements WHERE organization_id = 2 AND last_store_event > office_read_event").Scan(ctx, &officeUnread)
		if statuses != 3 || kinds != 2 || overdue == 0 || storeUnread == 0 || officeUnread == 0 {
			t.Errorf("demo improvements: %d statuses, %d source kinds, %d overdue, %d unread by stores, %d by head office",
				statuses, kinds, overdue, storeUnread, officeUnread)
		}
		// Every store hangs under a leaf block: 本部 → region → block.
		var deepest int
		if err := db.NewRaw(`SELECT COUNT(*) FROM facilities f JOIN org_groups g ON g.group_id = f.group_id
			WHERE f.organization_id = 2 AND g.path LIKE '/%/%/%/'`).Scan(ctx, &deepest); err != nil {
			t.Fatal(err)
		}
		if deepest != stores {
			t.Errorf("%d of %d stores sit three levels deep", deepest, stores)
		}
	})
}
