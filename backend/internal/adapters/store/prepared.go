package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
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
// On SQLite the rows are bound parameters of a VALUES list instead
// (rowsStatement: reading them from JSON cost SQLite more than parsing them
// did), sent in chunks of a few fixed sizes, and each chunk's statement is
// kept prepared on the one connection (sqliteStatements); parsing the answer
// path's statements with their values written in was a quarter of an
// answer's time (docs/benchmarks.md).
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

// A rowsStatement is a prepared statement over rows given as a VALUES list
// of placeholders (SQLite's answer path): text makes it for a list, and
// every row has width values. Its texts are declared once, for a list of
// one row, for the tenant guard's test (the guard reads the statement, not
// the list's length).
type rowsStatement struct {
	text  func(values string) string
	width int
}

func prepareRows(width int, text func(values string) string) rowsStatement {
	prepare(text(valuesList(1, width)))
	return rowsStatement{text: text, width: width}
}

// maxChunk bounds the rows one statement carries: SQLite's limit of 32,766
// placeholders is far, and a batch (64 answers) rarely passes it.
const maxChunk = 64

// queryRows runs st for rows (st.width values each, flattened) and then
// the tail arguments, in chunks of powers of two rows (64, 32, …, 1), so a
// statement has at most seven texts, each prepared once; the rows each
// chunk returns are scanned into a new T and returned in order.
func queryRows[T any](ctx context.Context, db *DB, st rowsStatement, rows []any, tail ...any) ([]T, error) {
	var out []T
	for n := len(rows) / st.width; n > 0; {
		size := maxChunk
		for size > n {
			size /= 2
		}
		args := append(append(make([]any, 0, size*st.width+len(tail)), rows[:size*st.width]...), tail...)
		var got []T
		var dest any = &got
		if _, none := any(got).([]struct{}); none {
			dest = nil
		}
		if err := db.queryPrepared(ctx, prepared{text: st.text(valuesList(size, st.width))}, dest, args...); err != nil {
			return nil, err
		}
		out = append(out, got...)
		rows, n = rows[size*st.width:], n-size
	}
	return out, nil
}

// valuesList is VALUES with n rows of width placeholders.
func valuesList(n, width int) string {
	row := "(" + strings.Repeat(", ?", width)[2:] + ")"
	return "VALUES " + strings.Repeat(", "+row, n)[2:]
}
