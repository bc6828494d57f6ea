package store_test

import (
	"context"
	"testing"

	"github.com/rouder/console/internal/adapters/store"
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
