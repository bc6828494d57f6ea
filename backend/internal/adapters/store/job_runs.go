package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/rouder/console/internal/app/schedule"
)

// JobRuns reads River's own job table for the last run of a kind (River
// keeps finished jobs for a day by default, so "last" means within that).
type JobRuns struct{ db *DB }

func NewJobRuns(db *DB) *JobRuns { return &JobRuns{db: db} }

func (r *JobRuns) LastRun(ctx context.Context, kind string) (*schedule.Run, error) {
	var row struct {
		State       string     `bun:"state"`
		CreatedAt   time.Time  `bun:"created_at"`
		AttemptedAt *time.Time `bun:"attempted_at"`
		FinalizedAt *time.Time `bun:"finalized_at"`
		Attempt     int        `bun:"attempt"`
	}
	err := r.db.conn(ctx).NewSelect().TableExpr("river_job").
		ColumnExpr("state, created_at, attempted_at, finalized_at, attempt").
		Where("kind = ?", kind).OrderExpr("id DESC").Limit(1).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("last run of %s: %w", kind, err)
	}
	run := &schedule.Run{At: row.CreatedAt.UTC(), FinishedAt: row.FinalizedAt, Attempts: row.Attempt}
	if row.AttemptedAt != nil {
		run.At = row.AttemptedAt.UTC()
	}
	switch row.State {
	case "completed":
		run.State = "DONE"
	case "running":
		run.State = "RUNNING"
	case "discarded", "cancelled", "retryable":
		run.State = "FAILED"
	default:
		run.State = "WAITING"
	}
	return run, nil
}
