// Package housekeeping removes records that have done their work: sign-in
// throttle counters whose window has passed, and sessions that ended long
// ago (with their one-time codes). The timer runs it hourly; nothing a user
// can still see or use is touched.
package housekeeping

import (
	"context"
	"time"

	"github.com/rouder/console/internal/domain/clock"
)

// Store deletes the records.
type Store interface {
	// PurgeThrottle deletes counters whose window started before
	// windowBefore and that lock nothing at now.
	PurgeThrottle(ctx context.Context, windowBefore, now time.Time) (int, error)
	// PurgeSessions deletes sessions that expired or were revoked before endedBefore.
	PurgeSessions(ctx context.Context, endedBefore time.Time) (int, error)
}

// ThrottleKept is how old a counter's window must be to go: a day, far
// longer than any window the product counts in (sign-in 15 minutes, the
// public answer page 10).
const ThrottleKept = 24 * time.Hour

// SessionsKept is how long an ended session is kept (a sign-in's trace
// beside the operation history) before it is deleted.
const SessionsKept = 30 * 24 * time.Hour

// PurgeJob asks the workers to purge.
type PurgeJob struct{}

func (PurgeJob) Kind() string { return "purge_sign_in_records" }

type UseCases struct {
	store Store
	clock clock.Clock
}

func New(s Store, c clock.Clock) *UseCases { return &UseCases{store: s, clock: c} }

// Purge deletes what has done its work and says how much.
func (u *UseCases) Purge(ctx context.Context) (throttle, sessions int, err error) {
	now := u.clock.Now()
	if throttle, err = u.store.PurgeThrottle(ctx, now.Add(-ThrottleKept), now); err != nil {
		return 0, 0, err
	}
	sessions, err = u.store.PurgeSessions(ctx, now.Add(-SessionsKept))
	return throttle, sessions, err
}
