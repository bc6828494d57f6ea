package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/history"
)

type txKey struct{}

// TxManager runs use cases atomically. The transaction travels in the
// context, so repositories and the job queue called inside it join it
// without being told.
type TxManager struct{ db *DB }

func NewTxManager(db *DB) *TxManager { return &TxManager{db: db} }

// Writers is how many transactions can write at once: one on SQLite (one
// connection, its transactions take turns), the pool's size on PostgreSQL.
func (m *TxManager) Writers() int {
	if m.db.turns != nil {
		return 1
	}
	return m.db.Stats().MaxOpenConnections
}

// InTx runs fn in a transaction, or inside the one ctx already carries.
// fn's error (or a panic) rolls back; otherwise it commits, with the
// operation history record of the request that made the change when ctx
// carries one (history.Pending): the change and its record land together.
func (m *TxManager) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	if m.db.turns != nil {
		select {
		case m.db.turns <- struct{}{}:
			defer func() { <-m.db.turns }()
		case <-ctx.Done():
			return fmt.Errorf("begin transaction: %w", ctx.Err())
		}
		m.db.sqlite.prepareWanted(ctx, m.db.DB.DB) // the connection is free until BeginTx
	}
	tx, err := m.db.BeginTx(ctx, &sql.TxOptions{})
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
			return
		}
		pending, took := takePending(ctx)
		if took {
			if rerr := (&OperationHistory{db: m.db}).Record(context.WithValue(ctx, txKey{}, tx), pending.op); rerr != nil {
				pending.p.Untake()
				_ = tx.Rollback()
				err = rerr
				return
			}
		}
		if cerr := tx.Commit(); cerr != nil {
			if took {
				pending.p.Untake()
			}
			err = fmt.Errorf("commit: %w", cerr)
		}
	}()
	return fn(context.WithValue(ctx, txKey{}, tx))
}

type takenRecord struct {
	p  *history.Pending
	op history.Operation
}

func takePending(ctx context.Context) (takenRecord, bool) {
	p, ok := history.PendingFrom(ctx)
	if !ok {
		return takenRecord{}, false
	}
	op, ok := p.Take()
	return takenRecord{p: p, op: op}, ok
}

// TxFrom returns the transaction ctx carries, if any.
func TxFrom(ctx context.Context) (bun.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(bun.Tx)
	return tx, ok
}

// conn is what every repository queries through: the context's transaction
// when there is one, the pool otherwise.
func (db *DB) conn(ctx context.Context) bun.IDB {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db.DB
}
