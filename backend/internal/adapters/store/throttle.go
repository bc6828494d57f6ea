package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/auth"
)

type throttleRow struct {
	bun.BaseModel `bun:"table:login_throttle"`

	Key           string     `bun:"throttle_key,pk"`
	Failures      int        `bun:"failures,notnull"`
	WindowStarted time.Time  `bun:"window_started_at,notnull"`
	LockedUntil   *time.Time `bun:"locked_until"`
}

// Throttle counts failed sign-ins per key.
type Throttle struct{ db *DB }

func NewThrottle(db *DB) *Throttle { return &Throttle{db: db} }

// Get returns the key's count; an unknown key has none.
func (r *Throttle) Get(ctx context.Context, key string) (auth.Throttle, error) {
	var row throttleRow
	err := r.db.conn(ctx).NewSelect().Model(&row).Where("throttle_key = ?", key).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return auth.Throttle{}, nil
	}
	if err != nil {
		return auth.Throttle{}, fmt.Errorf("read throttle: %w", err)
	}
	return auth.Throttle{Failures: row.Failures, WindowStarted: row.WindowStarted, LockedUntil: row.LockedUntil}, nil
}

// RecordFailure counts one failure: a new window starts when the last one
// is over; reaching limit locks the key for lockFor. The increment is done
// by the database, so simultaneous failures are all counted.
func (r *Throttle) RecordFailure(ctx context.Context, key string, now time.Time, limit int, window, lockFor time.Duration) error {
	now = now.UTC()
	cur, err := r.Get(ctx, key)
	if err != nil {
		return err
	}
	var failures int
	if cur.Failures == 0 || !now.Before(cur.WindowStarted.Add(window)) {
		row := &throttleRow{Key: key, Failures: 1, WindowStarted: now}
		_, err = r.db.conn(ctx).NewInsert().Model(row).
			On("CONFLICT (throttle_key) DO UPDATE").
			Set("failures = 1").Set("window_started_at = EXCLUDED.window_started_at").Set("locked_until = NULL").
			Exec(ctx)
		failures = 1
	} else {
		err = r.db.conn(ctx).NewUpdate().Table("login_throttle").Set("failures = failures + 1").
			Where("throttle_key = ?", key).Returning("failures").Scan(ctx, &failures)
	}
	if err != nil {
		return fmt.Errorf("count failure: %w", err)
	}
	if failures >= limit {
		_, err = r.db.conn(ctx).NewUpdate().Table("login_throttle").Set("locked_until = ?", now.Add(lockFor)).
			Where("throttle_key = ?", key).Exec(ctx)
	}
	return err
}

// Reset forgets the key's failures (after a successful sign-in).
func (r *Throttle) Reset(ctx context.Context, key string) error {
	_, err := r.db.conn(ctx).NewDelete().Table("login_throttle").Where("throttle_key = ?", key).Exec(ctx)
	return err
}

// Hit counts one event for key in a fixed window and returns the count so
// far in the current window (a new window starts when the last one is
// window old). Used as a rate limit; one statement.
func (r *Throttle) Hit(ctx context.Context, key string, now time.Time, window time.Duration) (int, error) {
	var n int
	if err := r.db.conn(ctx).NewRaw(hitSQL+" RETURNING failures", hitArgs(key, now, window)...).Scan(ctx, &n); err != nil {
		return 0, fmt.Errorf("count hit: %w", err)
	}
	return n, nil
}

// hitSQL counts one event for a key in a fixed window (Hit), with
// hitArgs; a RETURNING clause follows.
var hitSQL = hitsSQL(1)

// hitsSQL counts events for n keys in one statement, with hitsArgs: each
// row's failures is how many events its key has (EXCLUDED.failures).
func hitsSQL(n int) string {
	return throttleUpsert("VALUES "+strings.Repeat(", (?, ?, ?)", n)[2:], "?")
}

// throttleUpsert adds rows (throttle_key, failures, window_started_at) to
// their keys' counts: a key's window goes on while it started after since
// (a placeholder, used twice), else a new one starts with the row. The one
// text of the rule for every statement that counts (hitsSQL, and the
// answer path's prepared admitPrepared).
func throttleUpsert(rows, since string) string {
	return `INSERT INTO login_throttle (throttle_key, failures, window_started_at) ` + rows + `
		ON CONFLICT (throttle_key) DO UPDATE SET
			failures = CASE WHEN login_throttle.window_started_at > ` + since + ` THEN login_throttle.failures + EXCLUDED.failures ELSE EXCLUDED.failures END,
			window_started_at = CASE WHEN login_throttle.window_started_at > ` + since + ` THEN login_throttle.window_started_at ELSE EXCLUDED.window_started_at END,
			locked_until = NULL`
}

func hitArgs(key string, now time.Time, window time.Duration) []any {
	return hitsArgs([]string{key}, []int{1}, now, window)
}

// hitsArgs are hitsSQL's arguments: keys[i] counts events[i] events.
func hitsArgs(keys []string, events []int, now time.Time, window time.Duration) []any {
	now = now.UTC()
	since := now.Add(-window)
	args := make([]any, 0, 3*len(keys)+2)
	for i, k := range keys {
		args = append(args, k, events[i], now)
	}
	return append(args, since, since)
}
