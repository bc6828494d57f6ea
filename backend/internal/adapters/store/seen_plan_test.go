package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// The answer path's seen query probes, per submission, the one index that
// names what it looks for, however small the tables look to the planner:
// planned on an empty schema (as a prepared plan may be, and then kept while
// the table grows), it must not read the organization's answers or links
// through the organization's indexes. Before, PostgreSQL's plan hashed every
// answer of the organization per batch.
func TestSeenProbesOneSubmissionPerQuery(t *testing.T) {
	pgText, sqliteText := store.SeenSQL(2)
	want := []string{"survey_answers_idempotency", "survey_answers_browser", "survey_facilities_key"}
	refused := []string{"survey_answers_results", "survey_answers_facility", "survey_facilities_facility", "surveys_org"}
	check := func(t *testing.T, plan string) {
		t.Helper()
		for _, index := range want {
			if !strings.Contains(plan, index) {
				t.Errorf("the plan does not probe %s:\n%s", index, plan)
			}
		}
		for _, index := range refused {
			if strings.Contains(plan, index) {
				t.Errorf("the plan reads %s:\n%s", index, plan)
			}
		}
	}
	t.Run("postgres", func(t *testing.T) {
		ctx := context.Background()
		db := testdb.Postgres(t)
		conn, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		// The generic plan is the one a prepared statement keeps.
		for _, q := range []string{"SET plan_cache_mode = force_generic_plan", "PREPARE seen AS " + pgText} {
			if _, err := conn.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		rows, err := conn.QueryContext(ctx, `EXPLAIN EXECUTE seen ('[{"n":0,"survey_id":1,"idempotency_key":"k","browser_token":"b","facility_id":null,"survey_key":"s"}]', 1)`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var plan strings.Builder
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan.WriteString(line + "\n")
		}
		check(t, plan.String())
	})
	t.Run("sqlite", func(t *testing.T) {
		db := testdb.SQLite(t)
		args := []any{0, 1, "k", "b", nil, "s", 1, 2, "k2", "b2", 3, "s2", 1}
		var details []string
		rows, err := db.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+sqliteText, args...)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			details = append(details, detail)
		}
		check(t, strings.Join(details, "\n"))
	})
}
