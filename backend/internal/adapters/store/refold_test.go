package store_test

import (
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// Rows stored before the folding learned dashes and wave dashes are found
// after migration 11 writes their search texts again.
func TestRefoldSearchText(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		id := m.store(t, m.ta, m.east.ID, "新宿駅前店", "シンジュクエキマエテン")
		// As the older folding left it: the phone number with its minus signs (U+2212).
		if _, err := db.NewRaw("UPDATE facilities SET tel = ?, search_text = ? WHERE facility_id = ?",
			"03−1234−5678", "新宿駅前店 シンジュクエキマエテン 03−1234−5678", id).Exec(bg); err != nil {
			t.Fatal(err)
		}
		find := func() int {
			p, err := store.NewFacilities(db).List(bg, m.ta, facility.Filter{SearchText: "03-1234"}, paging.Request{})
			if err != nil {
				t.Fatal(err)
			}
			return p.Total
		}
		if find() != 0 {
			t.Fatal("the stale row is found already: the test proves nothing")
		}
		if err := store.RefoldSearchText(bg, db); err != nil {
			t.Fatal(err)
		}
		if find() != 1 {
			t.Error("03-1234 does not find the store after the refold")
		}
	})
}
