package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// A prepared statement is one of the few hot PostgreSQL statements of the
// public answer path, sent with real parameters ($1, …) and kept prepared
// on each connection (pgx's statement cache): parsed and planned once per
// connection rather than once per call. Bun writes every value into the
// SQL it sends, so PostgreSQL parses and plans each of its statements
// anew; for the answer path's statements that was a third of the
// database's time per answer (docs/benchmarks.md).
//
// On SQLite the same holds for its one connection: the statement is kept
// prepared there (database/sql's Stmt, sqliteStatements), so SQLite does not
// parse it for every batch; parsing the answer path's statements with their
// values written in was a quarter of an answer's time (docs/benchmarks.md).
//
// Its text never changes (rows travel as JSON or array parameters), and
// it does not pass Bun's query hooks, so the tenant guard cannot see it at
// run time: every prepared statement is declared with prepare, and the
// guard's test checks each text (PreparedStatements).
type prepared struct{ text string }

var preparedStatements []prepared

// prepare declares a prepared statement.
func prepare(text string) prepared {
	p := prepared{text: text}
	preparedStatements = append(preparedStatements, p)
	return p
}

// PreparedStatements are the texts of every prepared statement, for the
// tenant guard's test.
func PreparedStatements() []string {
	out := make([]string, len(preparedStatements))
	for i, p := range preparedStatements {
		out[i] = p.text
	}
	return out
}

// queryPrepared runs p with args in the context's transaction (or on the
// pool) and scans its rows into dest as Bun would. On PostgreSQL, when the
// URL chose its own exec mode (a pooler in transaction mode that cannot keep
// prepared statements, docs/operations.md), p runs in that mode instead. A
// time argument on SQLite is written as Bun writes it (sqliteTime).
func (db *DB) queryPrepared(ctx context.Context, p prepared, dest any, args ...any) error {
	var rows *sql.Rows
	var err error
	if db.Dialect == Postgres {
		if db.prepare {
			args = append([]any{pgx.QueryExecModeCacheStatement}, args...)
		}
		if tx, ok := TxFrom(ctx); ok {
			rows, err = tx.Tx.QueryContext(ctx, p.text, args...)
		} else {
			rows, err = db.DB.DB.QueryContext(ctx, p.text, args...)
		}
	} else {
		rows, err = db.sqlite.query(ctx, db.DB.DB, p.text, args)
	}
	if err != nil {
		return err
	}
	defer rows.Close()
	if dest == nil {
		for rows.Next() {
		}
		return rows.Err()
	}
	if err := db.ScanRows(ctx, rows, dest); err != nil {
		return fmt.Errorf("scan: %w", err)
	}
	return rows.Err()
}

// sqliteStatements keeps SQLite's prepared statements on its one
// connection. A statement is prepared on the pool (database/sql's Stmt,
// which prepares it again should the connection be replaced), and that
// needs the connection free: inside a transaction, which holds it, a
// statement not yet prepared runs unprepared and is noted, and the next
// transaction prepares the noted ones before it begins (TxManager.InTx).
type sqliteStatements struct {
	mu       sync.Mutex
	prepared map[string]*sql.Stmt
	wanted   map[string]bool
}

func (s *sqliteStatements) query(ctx context.Context, pool *sql.DB, text string, args []any) (*sql.Rows, error) {
	for i, a := range args {
		if t, ok := a.(time.Time); ok {
			args[i] = sqliteTime(t)
		}
	}
	s.mu.Lock()
	stmt := s.prepared[text]
	if stmt == nil {
		if s.wanted == nil {
			s.wanted = map[string]bool{}
		}
		s.wanted[text] = true
	}
	s.mu.Unlock()
	tx, inTx := TxFrom(ctx)
	switch {
	case stmt != nil && inTx:
		return tx.Tx.StmtContext(ctx, stmt).QueryContext(ctx, args...) // closed with the transaction
	case stmt != nil:
		return stmt.QueryContext(ctx, args...)
	case inTx:
		return tx.Tx.QueryContext(ctx, text, args...)
	}
	return pool.QueryContext(ctx, text, args...)
}

// prepareWanted prepares the statements noted since the last call. It must
// run while the connection is free (before a transaction begins); one that
// cannot be prepared (its table not migrated yet) is noted again when next
// used.
func (s *sqliteStatements) prepareWanted(ctx context.Context, pool *sql.DB) {
	s.mu.Lock()
	wanted := s.wanted
	s.wanted = nil
	s.mu.Unlock()
	for text := range wanted {
		stmt, err := pool.PrepareContext(ctx, text)
		if err != nil {
			continue
		}
		s.mu.Lock()
		if s.prepared == nil {
			s.prepared = map[string]*sql.Stmt{}
		}
		if old := s.prepared[text]; old != nil {
			_ = old.Close()
		}
		s.prepared[text] = stmt
		s.mu.Unlock()
	}
}

// sqliteTime is t as Bun writes a time on SQLite (its dialect's
// AppendTime), so that times stored and compared by prepared statements
// and by Bun's queries sort alike as text.
func sqliteTime(t time.Time) string {
	return t.UTC().Format(sqliteTimeLayout)
}

const sqliteTimeLayout = "2006-01-02 15:04:05.999999-07:00"
