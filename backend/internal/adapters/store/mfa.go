package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/domain/failure"
)

type mfaRow struct {
	bun.BaseModel `bun:"table:mfa_challenges"`

	SessionHash string     `bun:"session_hash,pk"`
	CodeHMAC    string     `bun:"code_hmac,notnull"`
	ExpiresAt   time.Time  `bun:"expires_at,notnull"`
	Attempts    int        `bun:"attempts,notnull"`
	UsedAt      *time.Time `bun:"used_at"`
}

// MfaChallenges stores the one-time code of each waiting session.
type MfaChallenges struct{ db *DB }

func NewMfaChallenges(db *DB) *MfaChallenges { return &MfaChallenges{db: db} }

func (r *MfaChallenges) Create(ctx context.Context, c auth.Challenge) error {
	row := &mfaRow{SessionHash: c.SessionHash, CodeHMAC: c.CodeHMAC, ExpiresAt: c.ExpiresAt.UTC()}
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Exec(ctx); err != nil {
		return fmt.Errorf("store code: %w", err)
	}
	return nil
}

func (r *MfaChallenges) Get(ctx context.Context, sessionHash string) (auth.Challenge, error) {
	var row mfaRow
	err := r.db.conn(ctx).NewSelect().Model(&row).Where("session_hash = ?", sessionHash).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return auth.Challenge{}, failure.Unauthorized()
	}
	if err != nil {
		return auth.Challenge{}, fmt.Errorf("read code: %w", err)
	}
	return auth.Challenge{SessionHash: row.SessionHash, CodeHMAC: row.CodeHMAC, ExpiresAt: row.ExpiresAt,
		Attempts: row.Attempts, Used: row.UsedAt != nil}, nil
}

// CountAttempt records one try and returns the tries so far, counted by the
// database so parallel guesses cannot share one attempt.
func (r *MfaChallenges) CountAttempt(ctx context.Context, sessionHash string) (int, error) {
	var n int
	err := r.db.conn(ctx).NewUpdate().Table("mfa_challenges").Set("attempts = attempts + 1").
		Where("session_hash = ?", sessionHash).Returning("attempts").Scan(ctx, &n)
	if err != nil {
		return 0, fmt.Errorf("count attempt: %w", err)
	}
	return n, nil
}

// MarkUsed spends the code; it reports false when it was already spent.
func (r *MfaChallenges) MarkUsed(ctx context.Context, sessionHash string, at time.Time) (bool, error) {
	res, err := r.db.conn(ctx).NewUpdate().Table("mfa_challenges").Set("used_at = ?", at.UTC()).
		Where("session_hash = ? AND used_at IS NULL", sessionHash).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("spend code: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Replace puts a new code in place of the session's current one, with its
// attempts counted afresh (a resend).
func (r *MfaChallenges) Replace(ctx context.Context, c auth.Challenge) error {
	res, err := r.db.conn(ctx).NewUpdate().Table("mfa_challenges").
		Set("code_hmac = ?", c.CodeHMAC).Set("expires_at = ?", c.ExpiresAt.UTC()).
		Set("attempts = 0").Set("used_at = NULL").
		Where("session_hash = ?", c.SessionHash).Exec(ctx)
	if err != nil {
		return fmt.Errorf("replace code: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return failure.Unauthorized()
	}
	return nil
}
