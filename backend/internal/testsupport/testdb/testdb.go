// Package testdb gives tests real databases: a fresh PostgreSQL database
// (cloned from a migrated template, so it is quick) and a fresh SQLite file.
// A missing PostgreSQL fails the test with a clear message; it never skips.
package testdb

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/rouder/console/internal/adapters/jobs"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/testsupport/tenantguard"
)

// DefaultAdminURL is tried when TEST_DATABASE_URL is not set.
const DefaultAdminURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// Each runs fn once on PostgreSQL and once on SQLite, as subtests named
// after the database, each with a freshly migrated database.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
}

// SQLite opens a migrated database in a temporary file.
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("sqlite: %v", err)
	}
	t.Cleanup(func() { _ = db.Close() })
	migrateAll(t, db)
	guard(t, db)
	return db
}

// Postgres creates a new database from the migrated template and drops it
// when the test ends.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	ctx := context.Background()
	admin := adminURL()
	tmpl, err := ensureTemplate(admin)
	if err != nil {
		t.Fatalf("%v", err)
	}
	name := "console_test_" + randomHex(6)
	adminDB, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatalf("postgres admin connection: %v", err)
	}
	defer adminDB.Close()
	if _, err := adminDB.ExecContext(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, tmpl)); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	db, err := store.OpenPostgres(ctx, withDatabase(admin, name))
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() {
		_ = db.Close()
		if a, err := sql.Open("pgx", admin); err == nil {
			_, _ = a.ExecContext(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
			_ = a.Close()
		}
	})
	guard(t, db)
	return db
}

// PostgresURL creates an empty migrated database like Postgres and returns
// its URL instead of a connection, for tests that start the whole program.
func PostgresURL(t testing.TB) string {
	t.Helper()
	db := Postgres(t)
	var name string
	if err := db.QueryRowContext(context.Background(), "SELECT current_database()").Scan(&name); err != nil {
		t.Fatalf("%v", err)
	}
	return withDatabase(adminURL(), name)
}

func adminURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return DefaultAdminURL
}

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// ensureTemplate makes (once per schema version, shared by every test
// process) a database with all migrations applied. Its name carries a hash
// of the migrations, so a changed migration gets a new template.
func ensureTemplate(admin string) (string, error) {
	templateOnce.Do(func() {
		templateName, templateErr = buildTemplate(admin)
	})
	return templateName, templateErr
}

func buildTemplate(admin string) (string, error) {
	ctx := context.Background()
	name := "console_template_" + schemaHash()
	a, err := sql.Open("pgx", admin)
	if err != nil {
		return "", err
	}
	defer a.Close()
	if err := a.PingContext(ctx); err != nil {
		return "", fmt.Errorf("PostgreSQL is required for these tests and did not answer at %s (%v).\n"+
			"Run `make test`, which starts a throwaway server when none answers, or set TEST_DATABASE_URL", redact(admin), err)
	}
	conn, err := a.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	// Test processes of several packages start together; one builds.
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(727002)"); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock(727002)") //nolint:errcheck
	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_building"
	_, _ = conn.ExecContext(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", building))
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+building); err != nil {
		return "", fmt.Errorf("create template database: %w", err)
	}
	db, err := store.OpenPostgres(ctx, withDatabase(admin, building))
	if err != nil {
		return "", err
	}
	if err := migrate(ctx, db); err != nil {
		_ = db.Close()
		return "", err
	}
	_ = db.Close()
	// Renamed only when complete, so a crash never leaves a half template.
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", building, name)); err != nil {
		return "", fmt.Errorf("finish template database: %w", err)
	}
	return name, nil
}

func migrateAll(t testing.TB, db *store.DB) {
	t.Helper()
	if err := migrate(context.Background(), db); err != nil {
		t.Fatalf("migrate: %v", err)
	}
}

func migrate(ctx context.Context, db *store.DB) error {
	if _, err := store.Migrate(ctx, db); err != nil {
		return err
	}
	return jobs.Migrate(ctx, db)
}

// schemaHash changes whenever a migration file does, a migration written in
// Go is added, or River's version changes.
func schemaHash() string {
	h := sha256.New()
	_, _ = h.Write([]byte(jobs.RiverVersion))
	if ms, err := store.Migrations(); err == nil {
		for _, m := range ms.Sorted() {
			_, _ = h.Write([]byte(m.Name + "\n"))
		}
	}
	_ = fs.WalkDir(store.MigrationFiles(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(store.MigrationFiles(), p)
		_, _ = h.Write([]byte(p))
		_, _ = h.Write(b)
		return err
	})
	return hex.EncodeToString(h.Sum(nil))[:12]
}

func withDatabase(rawURL, name string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return rawURL
	}
	u.Path = "/" + name
	return u.String()
}

func redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// StaleAfter is how long a test snapshot of other code (a seeded database
// or its files) is kept before a run drops it.
const StaleAfter = 6 * time.Hour

// SeededPostgres returns the name of a database named name that build has
// filled (given its URL), making it once for every test process of the run:
// the first process builds it under a lock, the others wait and reuse it.
// Databases left by earlier runs with the same prefix are dropped.
func SeededPostgres(name, stalePrefix string, build func(url string) error) (string, error) {
	ctx := context.Background()
	admin := adminURL()
	tmpl, err := ensureTemplate(admin)
	if err != nil {
		return "", err
	}
	a, err := sql.Open("pgx", admin)
	if err != nil {
		return "", err
	}
	defer a.Close()
	conn, err := a.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(727003)"); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock(727003)") //nolint:errcheck
	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	// Seeded databases of other code versions are dropped once they are
	// StaleAfter old (the age is written as the database's comment when it
	// is made): another checkout's run may be using its own right now.
	rows, err := conn.QueryContext(ctx, `SELECT d.datname FROM pg_database AS d
		WHERE d.datname LIKE $1 AND COALESCE(shobj_description(d.oid, 'pg_database'), '') < $2`,
		stalePrefix+"%", fmt.Sprint(time.Now().Add(-StaleAfter).Unix()))
	if err == nil {
		var stale []string
		for rows.Next() {
			var n string
			if rows.Scan(&n) == nil {
				stale = append(stale, n)
			}
		}
		rows.Close()
		for _, n := range stale {
			_, _ = conn.ExecContext(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", n))
		}
	}
	building := name + "_building"
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", building, tmpl)); err != nil {
		return "", fmt.Errorf("create seeded database: %w", err)
	}
	if err := build(withDatabase(admin, building)); err != nil {
		_, _ = conn.ExecContext(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", building))
		return "", err
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("COMMENT ON DATABASE %s IS '%d'", building, time.Now().Unix())); err != nil {
		return "", fmt.Errorf("date seeded database: %w", err)
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", building, name)); err != nil {
		return "", fmt.Errorf("finish seeded database: %w", err)
	}
	return name, nil
}

// PostgresURLFrom creates a database copied from template for the test and
// drops it when the test ends.
func PostgresURLFrom(t testing.TB, template string) string {
	t.Helper()
	ctx := context.Background()
	admin := adminURL()
	name := "console_test_" + randomHex(6)
	a, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatalf("postgres admin connection: %v", err)
	}
	defer a.Close()
	if _, err := a.ExecContext(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, template)); err != nil {
		t.Fatalf("create test database from %s: %v", template, err)
	}
	t.Cleanup(func() {
		if a, err := sql.Open("pgx", admin); err == nil {
			_, _ = a.ExecContext(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
			_ = a.Close()
		}
	})
	return withDatabase(admin, name)
}

// guard fails a test whose repositories query a tenant table without its
// organization (testsupport/tenantguard). Benchmarks run unguarded: the
// guard's stack walk would be measured with them.
func guard(t testing.TB, db *store.DB) {
	if _, ok := t.(*testing.B); !ok {
		tenantguard.Install(t, db)
	}
}
