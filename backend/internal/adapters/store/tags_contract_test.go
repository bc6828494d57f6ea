package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// tagRepo is what both kinds of tag repository offer.
type tagRepo interface {
	List(ctx context.Context, tn access.Tenant) ([]tag.Tag, error)
	AllExist(ctx context.Context, tn access.Tenant, ids []int64) (bool, error)
	Create(ctx context.Context, tn access.Tenant, in tag.Input, now time.Time) (int64, error)
	Rename(ctx context.Context, tn access.Tenant, id int64, in tag.Input) error
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

func TestTagsContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		shinjuku := m.store(t, m.ta, m.east.ID, "新宿店", "シンジュクテン")
		hana := m.user(t, m.ta, "hanako01", m.east.ID, shinjuku)
		for _, kind := range []struct {
			name  string
			repo  tagRepo
			links string
			tagOf func(t *testing.T, tagID int64) // puts the tag on A's row
		}{
			{"store tags", store.NewFacilityTags(db), "facility_attribute_links", func(t *testing.T, id int64) {
				f, _ := store.NewFacilities(db).Get(bg, m.ta, shinjuku)
				in := facilityInputOf(f)
				in.TagIDs = []int64{id}
				if err := store.NewFacilities(db).Update(bg, m.ta, shinjuku, f.Version, in, m.now); err != nil {
					t.Fatal(err)
				}
			}},
			{"user tags", store.NewUserTags(db), "user_attribute_links", func(t *testing.T, id int64) {
				u, _ := store.NewUsers(db).Detail(bg, m.ta, hana)
				in := userInputOf(u)
				in.TagIDs = []int64{id}
				if err := store.NewUsers(db).Update(bg, m.ta, hana, u.Version, in, "", m.now); err != nil {
					t.Fatal(err)
				}
			}},
		} {
			t.Run(kind.name, func(t *testing.T) {
				repo := kind.repo
				a1, err := repo.Create(bg, m.ta, tag.Input{Label: " 駅前 "}, m.now)
				if err != nil {
					t.Fatal(err)
				}
				a2, _ := repo.Create(bg, m.ta, tag.Input{Label: "郊外"}, m.now)
				b1, err := repo.Create(bg, m.tb, tag.Input{Label: "駅前"}, m.now) // the same label in B is B's own
				if err != nil {
					t.Fatal(err)
				}
				_, err = repo.Create(bg, m.ta, tag.Input{Label: "駅前"}, m.now)
				wantKind(t, "duplicate label", err, failure.KindInvalid)
				kind.tagOf(t, a1)

				list, err := repo.List(bg, m.ta)
				if err != nil || len(list) != 2 || list[0].ID != a2 || list[1].Label != "駅前" || list[1].Uses != 1 || list[0].Uses != 0 {
					t.Fatalf("A's tags: %+v %v", list, err)
				}
				if bList, _ := repo.List(bg, m.tb); len(bList) != 1 || bList[0].ID != b1 || bList[0].Uses != 0 {
					t.Errorf("B's tags: %+v", bList)
				}
				if ok, _ := repo.AllExist(bg, m.ta, []int64{a1, a2, a1}); !ok {
					t.Error("A's own tags, one repeated, do not all exist")
				}
				if ok, _ := repo.AllExist(bg, m.ta, []int64{a1, b1}); ok {
					t.Error("B's tag exists for A")
				}

				wantKind(t, "rename by B", repo.Rename(bg, m.tb, a1, tag.Input{Label: "乗っ取り"}), failure.KindNotFound)
				wantKind(t, "delete by B", repo.Delete(bg, m.tb, a1), failure.KindNotFound)
				wantKind(t, "rename to a taken label", repo.Rename(bg, m.ta, a2, tag.Input{Label: "駅前"}), failure.KindInvalid)
				if err := repo.Rename(bg, m.ta, a2, tag.Input{Label: "郊外型"}); err != nil {
					t.Fatal(err)
				}
				if err := repo.Rename(bg, m.ta, a1, tag.Input{Label: "駅前"}); err != nil {
					t.Errorf("renaming to its own label: %v", err)
				}

				if err := repo.Delete(bg, m.ta, a1); err != nil {
					t.Fatal(err)
				}
				wantKind(t, "delete twice", repo.Delete(bg, m.ta, a1), failure.KindNotFound)
				var links int
				if err := db.NewSelect().TableExpr(kind.links).ColumnExpr("COUNT(*)").Scan(bg, &links); err != nil || links != 0 {
					t.Errorf("links left after the tag went: %d %v", links, err)
				}
				if list, _ := repo.List(bg, m.ta); len(list) != 1 || list[0].Label != "郊外型" {
					t.Errorf("after delete: %+v", list)
				}
				if bList, _ := repo.List(bg, m.tb); len(bList) != 1 {
					t.Errorf("B's tags after A's delete: %+v", bList)
				}
			})
		}
	})
}
