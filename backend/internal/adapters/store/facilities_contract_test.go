package store_test

import (
	"slices"
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/testsupport/testdb"
)

func facilityNames(p paging.Page[facility.Facility]) []string {
	out := make([]string, len(p.Items))
	for i, f := range p.Items {
		out[i] = f.Name
	}
	return out
}

func TestFacilitiesContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		repo := store.NewFacilities(db)
		station := m.facilityTag(t, m.ta, "駅前")
		shinjuku := m.store(t, m.ta, m.east.ID, "新宿駅前店", "シンジュクエキマエテン", station)
		shibuya := m.store(t, m.ta, m.east.ID, "渋谷店", "シブヤテン")
		umeda := m.store(t, m.ta, m.west.ID, "梅田駅前店", "ウメダエキマエテン", station)
		other := m.store(t, m.tb, m.bTop.ID, "新宿駅前店", "シンジュクエキマエテン")

		t.Run("create and get", func(t *testing.T) {
			got, err := repo.Get(bg, m.ta, shinjuku)
			if err != nil {
				t.Fatal(err)
			}
			if got.Name != "新宿駅前店" || got.OrganizationID != m.a || got.GroupID != m.east.ID || got.GroupPath != m.east.Path ||
				got.GroupName != "東日本エリア" || got.Version != 1 || len(got.Tags) != 1 || got.Tags[0].ID != station {
				t.Fatalf("read back %+v", got)
			}
			if orgs := m.linkOrganizations(t, "facility_attribute_links", "facility_id", shinjuku); !slices.Equal(orgs, []int64{m.a}) {
				t.Errorf("tag links carry organizations %v, want [%d]", orgs, m.a)
			}
			if path, err := repo.GroupPath(bg, m.ta, umeda); err != nil || path != m.west.Path {
				t.Errorf("group path %q %v", path, err)
			}
		})

		t.Run("update with version", func(t *testing.T) {
			in := facility.Input{GroupID: m.east.ID, Name: "渋谷公園通り店", NameKana: "シブヤコウエンドオリテン", TagIDs: []int64{station}}
			if err := repo.Update(bg, m.ta, shibuya, 1, in, m.now); err != nil {
				t.Fatal(err)
			}
			got, _ := repo.Get(bg, m.ta, shibuya)
			if got.Name != "渋谷公園通り店" || got.Version != 2 || len(got.Tags) != 1 {
				t.Fatalf("after update %+v", got)
			}
			in.Name = "古い版からの変更"
			wantKind(t, "stale version", repo.Update(bg, m.ta, shibuya, 1, in, m.now), failure.KindConflict)
			if got, _ := repo.Get(bg, m.ta, shibuya); got.Name != "渋谷公園通り店" {
				t.Errorf("a conflicting update changed the row: %q", got.Name)
			}
		})

		t.Run("another organization gets not found", func(t *testing.T) {
			_, err := repo.Get(bg, m.tb, shinjuku)
			wantKind(t, "get", err, failure.KindNotFound)
			_, err = repo.GroupPath(bg, m.tb, shinjuku)
			wantKind(t, "group path", err, failure.KindNotFound)
			in := facility.Input{GroupID: m.bTop.ID, Name: "乗っ取り", NameKana: "ノットリ"}
			wantKind(t, "update", repo.Update(bg, m.tb, shinjuku, 1, in, m.now), failure.KindNotFound)
			wantKind(t, "delete", repo.Delete(bg, m.tb, shinjuku), failure.KindNotFound)
			if got, err := repo.Get(bg, m.ta, shinjuku); err != nil || got.Name != "新宿駅前店" || len(got.Tags) != 1 {
				t.Errorf("A's store after B's attempts: %+v %v", got, err)
			}
			if u, err := repo.Usage(bg, m.tb, shinjuku); err != nil || u != (facility.Usage{}) {
				t.Errorf("B counts A's store usage: %+v %v", u, err)
			}
		})

		t.Run("list, filter, sort, page", func(t *testing.T) {
			all, err := repo.List(bg, m.ta, facility.Filter{}, paging.Request{})
			if err != nil {
				t.Fatal(err)
			}
			if all.Total != 3 || !slices.Equal(facilityNames(all), []string{"梅田駅前店", "渋谷公園通り店", "新宿駅前店"}) {
				t.Fatalf("all by kana: %d %v", all.Total, facilityNames(all))
			}
			for _, f := range all.Items {
				if f.ID == other || f.OrganizationID != m.a {
					t.Errorf("A's list shows %+v", f)
				}
			}
			bList, _ := repo.List(bg, m.tb, facility.Filter{}, paging.Request{})
			if bList.Total != 1 || bList.Items[0].ID != other {
				t.Errorf("B's list: %+v", bList)
			}
			for q, want := range map[string][]string{
				"新宿 駅前":   {"新宿駅前店"},
				"駅前　新宿":   {"新宿駅前店"}, // any order, full-width space
				"しんじゅく":   {"新宿駅前店"}, // kana folding
				"駅前":      {"梅田駅前店", "新宿駅前店"},
				"新宿 梅田":   {},
				"100%_\\": {},
			} {
				p, err := repo.List(bg, m.ta, facility.Filter{SearchText: q}, paging.Request{})
				if err != nil || !slices.Equal(facilityNames(p), want) && !(len(want) == 0 && len(p.Items) == 0) {
					t.Errorf("search %q: %v %v, want %v", q, facilityNames(p), err, want)
				}
			}
			byGroup, _ := repo.List(bg, m.ta, facility.Filter{GroupID: &m.east.ID}, paging.Request{})
			if byGroup.Total != 2 {
				t.Errorf("east group: %v", facilityNames(byGroup))
			}
			byTop, _ := repo.List(bg, m.ta, facility.Filter{GroupID: &m.top.ID}, paging.Request{})
			if byTop.Total != 3 {
				t.Errorf("top group and its subtree: %v", facilityNames(byTop))
			}
			if p, _ := repo.List(bg, m.ta, facility.Filter{GroupID: &m.bTop.ID}, paging.Request{}); p.Total != 0 {
				t.Errorf("filter by B's group shows %v", facilityNames(p))
			}
			byTag, _ := repo.List(bg, m.ta, facility.Filter{TagID: &station}, paging.Request{})
			if byTag.Total != 3 { // shibuya got the tag in its update
				t.Errorf("tag: %v", facilityNames(byTag))
			}
			desc, _ := repo.List(bg, m.ta, facility.Filter{SortBy: facility.SortName, Descending: true}, paging.Request{Page: 1, Size: 2})
			page2, _ := repo.List(bg, m.ta, facility.Filter{SortBy: facility.SortName, Descending: true}, paging.Request{Page: 2, Size: 2})
			if desc.Total != 3 || len(desc.Items) != 2 || len(page2.Items) != 1 ||
				!slices.Equal(append(facilityNames(desc), facilityNames(page2)...), []string{"渋谷公園通り店", "梅田駅前店", "新宿駅前店"}) {
				t.Errorf("by name descending, pages of 2: %v + %v", facilityNames(desc), facilityNames(page2))
			}
		})

		t.Run("a scoped tenant lists only its subtree", func(t *testing.T) {
			east := m.scoped(m.east.Path)
			p, err := repo.List(bg, east, facility.Filter{}, paging.Request{})
			if err != nil || p.Total != 2 || !slices.Equal(facilityNames(p), []string{"渋谷公園通り店", "新宿駅前店"}) {
				t.Errorf("east scope: %v %v", facilityNames(p), err)
			}
			if p, _ := repo.List(bg, east, facility.Filter{GroupID: &m.west.ID}, paging.Request{}); p.Total != 0 {
				t.Errorf("east scope filtered by west: %v", facilityNames(p))
			}
			if p, _ := repo.List(bg, east, facility.Filter{SearchText: "梅田"}, paging.Request{}); p.Total != 0 {
				t.Errorf("east scope searching west's store: %v", facilityNames(p))
			}
		})

		t.Run("usage and delete", func(t *testing.T) {
			m.user(t, m.ta, "umeda01", m.west.ID, umeda)
			// History in organization A at shinjuku: a check sheet and a survey answer.
			list := insertID(t, db, "INSERT INTO check_lists (organization_id, name, from_date, to_date) VALUES (?, 'L', '2026-01-01', '2026-12-31') RETURNING check_list_id", m.a)
			period := insertID(t, db, "INSERT INTO check_periods (organization_id, check_list_id, seq, from_date, to_date) VALUES (?, ?, 1, '2026-01-01', '2026-01-31') RETURNING period_id", m.a, list)
			insertID(t, db, "INSERT INTO check_sheets (organization_id, period_id, facility_id) VALUES (?, ?, ?) RETURNING sheet_id", m.a, period, shinjuku)
			surveys := store.NewSurveys(db)
			sid, err := surveys.Create(bg, m.ta, sampleSurvey(surveyFixture{shinjuku: shinjuku, umeda: shibuya}), m.now)
			if err != nil {
				t.Fatal(err)
			}
			insertID(t, db, `INSERT INTO survey_answers (organization_id, survey_id, facility_id, answered_at, answered_date, idempotency_key, browser_token)
				VALUES (?, ?, ?, ?, '2026-11-24', 'k1', 'b1') RETURNING answer_id`, m.a, sid, shibuya, m.now)

			for id, want := range map[int64]facility.Usage{
				umeda:    {Users: 1},
				shinjuku: {CheckSheets: 1},
				shibuya:  {SurveyAnswers: 1},
			} {
				if got, err := repo.Usage(bg, m.ta, id); err != nil || got != want {
					t.Errorf("usage of %d: %+v %v, want %+v", id, got, err, want)
				}
			}

			free := m.store(t, m.ta, m.west.ID, "神戸店", "コウベテン", station)
			if u, err := repo.Usage(bg, m.ta, free); err != nil || facility.CanDelete(u) != nil {
				t.Fatalf("fresh store usage %+v %v", u, err)
			}
			if err := repo.Delete(bg, m.ta, free); err != nil {
				t.Fatal(err)
			}
			_, err = repo.Get(bg, m.ta, free)
			wantKind(t, "deleted store", err, failure.KindNotFound)
			wantKind(t, "delete twice", repo.Delete(bg, m.ta, free), failure.KindNotFound)
			if orgs := m.linkOrganizations(t, "facility_attribute_links", "facility_id", free); len(orgs) != 0 {
				t.Errorf("deleted store keeps tag links %v", orgs)
			}
		})
	})
}
