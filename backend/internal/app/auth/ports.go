// Package auth holds the sign-in use cases: signing in (with the e-mail
// second factor), recognising a session on every request, signing out, and
// changing one's password.
package auth

import (
	"context"
	"github.com/rouder/console/internal/domain/access"
	"time"

	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/notification"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/user"
)

// Users finds the people who sign in.
type Users interface {
	FindByAccount(ctx context.Context, tn access.Tenant, account string) (user.User, error)
	FindByAccountAnywhere(ctx context.Context, account string) (user.User, error)
	Get(ctx context.Context, tn access.Tenant, userID int64) (user.User, error)
	SetPassword(ctx context.Context, tn access.Tenant, userID int64, hash string, now time.Time) error
}

// Organizations reads the tenant settings sign-in depends on.
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
}

// Sessions stores sessions by the hash of their id.
type Sessions interface {
	Create(ctx context.Context, s auth.Session) error
	Get(ctx context.Context, hash string) (auth.Session, error)
	Touch(ctx context.Context, hash string, at time.Time) error
	CompleteMfa(ctx context.Context, hash string) error
	Revoke(ctx context.Context, hash string, at time.Time) error
	RevokeUser(ctx context.Context, userID int64, keep string, at time.Time) error
}

// Throttle counts failed sign-ins per key.
type Throttle interface {
	Get(ctx context.Context, key string) (auth.Throttle, error)
	RecordFailure(ctx context.Context, key string, now time.Time, limit int, window, lockFor time.Duration) error
	Reset(ctx context.Context, key string) error
}

// Challenges stores the one-time code of each waiting session.
type Challenges interface {
	Create(ctx context.Context, c auth.Challenge) error
	Get(ctx context.Context, sessionHash string) (auth.Challenge, error)
	CountAttempt(ctx context.Context, sessionHash string) (int, error)
	MarkUsed(ctx context.Context, sessionHash string, at time.Time) (bool, error)
	// Replace puts a new code in place of the session's current one, with
	// its attempts counted afresh.
	Replace(ctx context.Context, c auth.Challenge) error
}

// History records operations.
type History interface {
	Record(ctx context.Context, e history.Operation) error
}

// Passwords hashes and checks passwords.
type Passwords interface {
	Hash(plain string) (string, error)
	Verify(encoded, plain string) (bool, error)
}

// MailQueue queues mail in the caller's transaction.
type MailQueue interface {
	Queue(ctx context.Context, tn access.Tenant, msg notification.Message) (int64, error)
}
