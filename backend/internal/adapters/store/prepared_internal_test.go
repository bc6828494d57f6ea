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
		return db.sqlite.prepared[admitRows.text(valuesList(2, admitRows.width))] != nil // two keys
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

// queryRows sends any number of rows in chunks of powers of two, in order,
// and keeps one prepared text per chunk size.
func TestQueryRowsChunksInOrder(t *testing.T) {
	ctx := context.Background()
	db, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "chunks.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, n INTEGER, label TEXT)"); err != nil {
		t.Fatal(err)
	}
	st := rowsStatement{width: 2, text: func(values string) string { return "INSERT INTO t (n, label) " + values + " RETURNING n" }}
	type row struct {
		N int `bun:"n"`
	}
	txm := NewTxManager(db)
	for round := range 2 {
		var args []any
		for i := range 157 { // 128 + 16 + 8 + 4 + 1: five chunks, two of 64
			args = append(args, round*1000+i, "x")
		}
		var got []row
		if err := txm.InTx(ctx, func(ctx context.Context) error {
			got, err = queryRows[row](ctx, db, st, args)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if len(got) != 157 {
			t.Fatalf("round %d: %d rows returned", round, len(got))
		}
		for i, r := range got {
			if r.N != round*1000+i {
				t.Fatalf("round %d: row %d is %d", round, i, r.N)
			}
		}
	}
	db.sqlite.mu.Lock()
	defer db.sqlite.mu.Unlock()
	if n := len(db.sqlite.prepared); n != 5 { // 64, 16, 8, 4, 1
		t.Errorf("%d texts prepared, want 5", n)
	}
}
