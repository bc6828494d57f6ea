package store

import (
	"context"
	"database/sql"
	"fmt"

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
// pool) and scans its rows into dest as Bun would. PostgreSQL only. When the
// URL chose its own exec mode (a pooler in transaction mode that cannot keep
// prepared statements, docs/operations.md), p runs in that mode instead.
func (db *DB) queryPrepared(ctx context.Context, p prepared, dest any, args ...any) error {
	if db.prepare {
		args = append([]any{pgx.QueryExecModeCacheStatement}, args...)
	}
	var rows *sql.Rows
	var err error
	if tx, ok := TxFrom(ctx); ok {
		rows, err = tx.Tx.QueryContext(ctx, p.text, args...)
	} else {
		rows, err = db.DB.DB.QueryContext(ctx, p.text, args...)
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
