package store

import (
	"context"
	"fmt"
	"time"
)

// Housekeeping deletes spent sign-in records across organizations.
type Housekeeping struct{ db *DB }

func NewHousekeeping(db *DB) *Housekeeping { return &Housekeeping{db: db} }

func (h *Housekeeping) PurgeThrottle(ctx context.Context, windowBefore, now time.Time) (int, error) {
	res, err := h.db.conn(ctx).NewRaw(`DELETE FROM login_throttle WHERE window_started_at < ? AND (locked_until IS NULL OR locked_until < ?)`,
		windowBefore.UTC(), now.UTC()).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("purge throttle: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

func (h *Housekeeping) PurgeSessions(ctx context.Context, endedBefore time.Time) (int, error) {
	res, err := h.db.conn(ctx).NewRaw(`/* `+AllTenants+` */ DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?`,
		endedBefore.UTC(), endedBefore.UTC()).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("purge sessions: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
