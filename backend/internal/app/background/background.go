// Package background is the port through which use cases ask for work to
// happen outside the request: mail, exports, reports, reminders.
package background

import (
	"context"

	"github.com/rouder/console/internal/domain/failure"
)

// Job is the arguments of one piece of background work. Kind names the
// worker that does it; the value is stored as JSON, so it holds ids, not
// entities, and always the organization id it concerns.
type Job interface {
	Kind() string
}

// Enqueuer schedules jobs. When ctx carries a transaction the job is stored
// in it: it runs only if the transaction commits.
type Enqueuer interface {
	Enqueue(ctx context.Context, job Job) error
}

// Transactor runs fn atomically; repositories and the Enqueuer called with
// the ctx it passes join the same transaction.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// FailureReason is what a job that failed with err tells the person who
// asked: a refusal's own message (the person can act on it, so it is not
// retried), general on the last attempt, and "" while another attempt is
// to come (the error is returned and the job retried).
func FailureReason(err error, lastAttempt bool, general string) string {
	if fe, ok := failure.As(err); ok {
		return fe.Message
	}
	if lastAttempt {
		return general
	}
	return ""
}
