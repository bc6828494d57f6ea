package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/testsupport/tenantguard"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// Prepared statements bypass Bun's hooks, so the tenant guard checks their
// texts here instead of as they run.
func TestPreparedStatementsNameTheirOrganization(t *testing.T) {
	db := testdb.Postgres(t)
	tables, err := tenantguard.TenantTables(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	statements := store.PreparedStatements()
	if len(statements) < 3 { // seen, answers, reports
		t.Fatalf("%d prepared statements declared", len(statements))
	}
	for _, q := range statements {
		if missing := tenantguard.Unscoped(q, tables); len(missing) > 0 {
			t.Errorf("prepared statement touches %v without its organization:\n%s", missing, q)
		}
	}
}

// The answer path's statements are prepared on their connection, unless the
// URL chooses its own exec mode (a pooler that cannot keep prepared
// statements): then they run in that mode, and work.
func TestPreparedStatementsFollowAChosenExecMode(t *testing.T) {
	url := testdb.PostgresURL(t)
	for _, mode := range []string{"", "exec", "simple_protocol"} {
		t.Run("mode "+mode, func(t *testing.T) {
			dsn := url
			if mode != "" {
				sep := "?"
				if strings.Contains(url, "?") {
					sep = "&"
				}
				dsn += sep + "default_query_exec_mode=" + mode
			}
			db, err := store.OpenPostgres(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			db.SetMaxOpenConns(1) // one connection: the one asked about below
			repo := store.NewSurveys(db)
			err = store.NewTxManager(db).InTx(context.Background(), func(ctx context.Context) error {
				counts, err := repo.AdmitAll(ctx, []survey.Admission{{RateKey: "survey:" + mode, SurveyID: 1, BrowserToken: "b"},
					{RateKey: "survey:" + mode, SurveyID: 1, BrowserToken: "c"}}, time.Now(), time.Minute)
				if err == nil && (len(counts) != 2 || counts[0] != 1 || counts[1] != 2) {
					t.Errorf("counts %v", counts)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			var prepared int
			if err := db.NewRaw("SELECT COUNT(*) FROM pg_prepared_statements").Scan(context.Background(), &prepared); err != nil {
				t.Fatal(err)
			}
			if want := mode == ""; (prepared > 0) != want {
				t.Errorf("%d statements prepared on the connection, want prepared: %v", prepared, want)
			}
		})
	}
}
