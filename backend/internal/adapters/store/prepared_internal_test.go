package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/uptrace/bun/dialect/sqlitedialect"

	"github.com/rouder/console/internal/domain/survey"
)

// On SQLite the answer path's statements are prepared on the one
// connection before the transaction after their first use, and give the
// same answers prepared as unprepared.
func TestSQLiteKeepsTheAnswerPathPrepared(t *testing.T) {
	ctx := context.Background()
	db, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "console.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	repo, txm := NewSurveys(db), NewTxManager(db)
	now := time.Date(2026, 11, 26, 12, 0, 0, 123456789, time.UTC)
	admit := func() []int {
		t.Helper()
		var counts []int
		if err := txm.InTx(ctx, func(ctx context.Context) error {
			var err error
			counts, err = repo.AdmitAll(ctx, []survey.Admission{{RateKey: "survey:a", SurveyID: 1, BrowserToken: "b"},
				{RateKey: "survey:a", SurveyID: 1, BrowserToken: "c"}, {RateKey: "survey:b", SurveyID: 1, BrowserToken: "d"}}, now, time.Hour)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return counts
	}
	prepared := func() bool {
		db.sqlite.mu.Lock()
		defer db.sqlite.mu.Unlock()
		return db.sqlite.prepared[admitSQLite.text] != nil
	}
	if got := admit(); len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 1 {
		t.Fatalf("first batch counted %v", got)
	}
	if prepared() {
		t.Fatal("prepared inside the transaction that first used it")
	}
	if got := admit(); len(got) != 3 || got[0] != 3 || got[1] != 4 || got[2] != 2 {
		t.Fatalf("second batch (prepared) counted %v", got)
	}
	if !prepared() {
		t.Fatal("not prepared for the second transaction")
	}
	var started string
	if err := db.NewRaw("SELECT CAST(window_started_at AS TEXT) FROM login_throttle WHERE throttle_key = 'survey:a'").Scan(ctx, &started); err != nil {
		t.Fatal(err)
	}
	if want := string(sqlitedialect.New().AppendTime(nil, now)); "'"+started+"'" != want {
		t.Errorf("window stored as %q, Bun writes %s", started, want)
	}
}
