package store_test

import (
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// SQLite writes one transaction at a time; PostgreSQL as many as its pool.
func TestTxManagerTellsItsWriters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		want := 20
		if db.Dialect == store.SQLite {
			want = 1
		}
		if got := store.NewTxManager(db).Writers(); got != want {
			t.Errorf("%d writers, want %d", got, want)
		}
	})
}
