// Package store implements the repository ports with Bun. One code path
// serves PostgreSQL (production, CI) and SQLite (the embedded default of
// `make run`); the contract tests run every case on both.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// Dialect names the database flavour; some SQL (ids, types) differs by it.
type Dialect string

const (
	Postgres Dialect = "pg"
	SQLite   Dialect = "sqlite"
)

// DB is the open database with the flavour it speaks.
type DB struct {
	*bun.DB
	Dialect Dialect
	// turns lines up SQLite's transactions (TxManager.InTx) for its one
	// connection: database/sql hands a freed connection to a random waiter,
	// which under load leaves some requests waiting through many others'
	// turns (the answer path's p99, docs/benchmarks.md); a channel's
	// waiters are served in order. Nil on PostgreSQL.
	turns chan struct{}
	// prepare keeps the answer path's statements prepared per connection
	// (prepared.go); off when the URL chose its own default_query_exec_mode
	// (exec or simple_protocol for a pooler that cannot keep them).
	prepare bool
	// sqlite keeps the answer path's statements prepared on SQLite's one
	// connection (prepared.go).
	sqlite sqliteStatements
}

// OpenPostgres connects through pgx's database/sql driver, which River's
// database/sql driver also uses (Bun's own pgdriver breaks it).
func OpenPostgres(ctx context.Context, dsn string) (*DB, error) {
	sqldb, err := sql.Open("pgx", withConnDefaults(dsn))
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqldb.SetMaxOpenConns(20)
	sqldb.SetMaxIdleConns(10)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)
	db := &DB{DB: bun.NewDB(sqldb, pgdialect.New()), Dialect: Postgres, prepare: !choosesExecMode(dsn)}
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	return db, nil
}

// connDefaults are the connection settings the console sets unless the URL
// chooses otherwise:
//   - default_query_exec_mode=exec: pgx sends each statement in one round
//     trip (an unnamed prepared statement). Bun writes the values into the
//     SQL itself, so nearly every statement's text is new: pgx's default,
//     caching a named prepared statement per text, would spend a second
//     round trip preparing each and churn its cache.
//   - jit=off: the console's statements are short; where a large
//     organization's estimate passes jit_above_cost (the status list's count
//     with many running lists), compiling cost more than the query itself
//     (7–17 ms per call). pgx sends unknown URL keys as session settings.
//
// docs/benchmarks.md has the measurements.
var connDefaults = [][2]string{{"default_query_exec_mode", "exec"}, {"jit", "off"}}

// choosesExecMode reports whether a PostgreSQL URL or key=value DSN sets
// default_query_exec_mode itself.
func choosesExecMode(dsn string) bool {
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		return u.Query().Has("default_query_exec_mode")
	}
	return strings.Contains(dsn, "default_query_exec_mode=")
}

// withConnDefaults adds connDefaults to a PostgreSQL URL or key=value DSN.
func withConnDefaults(dsn string) string {
	u, err := url.Parse(dsn)
	isURL := err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql")
	var q url.Values
	if isURL {
		q = u.Query()
	}
	for _, kv := range connDefaults {
		switch {
		case isURL && q.Has(kv[0]):
		case isURL:
			q.Set(kv[0], kv[1])
		case !strings.Contains(dsn, kv[0]+"="):
			dsn += " " + kv[0] + "=" + kv[1]
		}
	}
	if !isURL {
		return dsn
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// OpenSQLite opens (creating if needed) the database file. One connection:
// SQLite allows one writer at a time, and River's SQLite driver documents a
// single connection as the way to avoid SQLITE_BUSY between its goroutines.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("create database directory: %w", err)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(ON)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	sqldb, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	sqldb.SetMaxOpenConns(1)
	sqldb.SetConnMaxIdleTime(0)
	sqldb.SetConnMaxLifetime(0)
	db := &DB{DB: bun.NewDB(sqldb, sqlitedialect.New()), Dialect: SQLite, turns: make(chan struct{}, 1)}
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	return db, nil
}

// BackupTo writes a consistent copy of the SQLite database to path while the
// server keeps serving (VACUUM INTO: one transaction's snapshot, compacted,
// a single file without WAL). PostgreSQL is backed up with pg_dump.
func (db *DB) BackupTo(ctx context.Context, path string) error {
	if db.Dialect == Postgres {
		return errors.New("backup: PostgreSQL is backed up with pg_dump (docs/operations.md, Backups)")
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("backup: %s exists; give a new file", path)
	}
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}
