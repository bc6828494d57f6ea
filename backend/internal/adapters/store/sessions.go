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

type sessionRow struct {
	bun.BaseModel `bun:"table:sessions"`

	SessionHash    string     `bun:"session_hash,pk"`
	UserID         int64      `bun:"user_id,notnull"`
	OrganizationID int64      `bun:"organization_id,notnull"`
	MfaPending     bool       `bun:"mfa_pending,notnull"`
	IPAddress      string     `bun:"ip_address,notnull"`
	UserAgent      string     `bun:"user_agent,notnull"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
	LastSeenAt     time.Time  `bun:"last_seen_at,notnull"`
	ExpiresAt      time.Time  `bun:"expires_at,notnull"`
	RevokedAt      *time.Time `bun:"revoked_at"`
}

// Sessions stores sign-in sessions by the hash of their id.
type Sessions struct{ db *DB }

func NewSessions(db *DB) *Sessions { return &Sessions{db: db} }

func (r *Sessions) Create(ctx context.Context, s auth.Session) error {
	row := &sessionRow{
		SessionHash: s.Hash, UserID: s.UserID, OrganizationID: s.OrganizationID, MfaPending: s.MfaPending,
		IPAddress: s.IPAddress, UserAgent: s.UserAgent, CreatedAt: s.CreatedAt.UTC(),
		LastSeenAt: s.LastSeenAt.UTC(), ExpiresAt: s.ExpiresAt.UTC(),
	}
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Exec(ctx); err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// Get returns a session that was not revoked; any other answers 401.
func (r *Sessions) Get(ctx context.Context, hash string) (auth.Session, error) {
	var row sessionRow
	err := r.db.conn(ctx).NewSelect().Model(&row).Where("session_hash = ?", hash).Where("revoked_at IS NULL").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return auth.Session{}, failure.Unauthorized()
	}
	if err != nil {
		return auth.Session{}, fmt.Errorf("read session: %w", err)
	}
	return auth.Session{
		Hash: row.SessionHash, UserID: row.UserID, OrganizationID: row.OrganizationID, MfaPending: row.MfaPending,
		IPAddress: row.IPAddress, UserAgent: row.UserAgent, CreatedAt: row.CreatedAt, LastSeenAt: row.LastSeenAt,
		ExpiresAt: row.ExpiresAt,
	}, nil
}

func (r *Sessions) Touch(ctx context.Context, hash string, at time.Time) error {
	_, err := r.db.conn(ctx).NewUpdate().Table("sessions").Set("last_seen_at = ?", at.UTC()).
		Where("session_hash = ?", hash).Exec(ctx)
	return err
}

func (r *Sessions) CompleteMfa(ctx context.Context, hash string) error {
	_, err := r.db.conn(ctx).NewUpdate().Table("sessions").Set("mfa_pending = ?", false).
		Where("session_hash = ?", hash).Exec(ctx)
	return err
}

func (r *Sessions) Revoke(ctx context.Context, hash string, at time.Time) error {
	_, err := r.db.conn(ctx).NewUpdate().Table("sessions").Set("revoked_at = ?", at.UTC()).
		Where("session_hash = ? AND revoked_at IS NULL", hash).Exec(ctx)
	return err
}

// RevokeUser ends every session of the user except keep (may be "").
func (r *Sessions) RevokeUser(ctx context.Context, userID int64, keep string, at time.Time) error {
	_, err := r.db.conn(ctx).NewUpdate().Table("sessions").Set("revoked_at = ?", at.UTC()).
		Where("user_id = ? AND session_hash <> ? AND revoked_at IS NULL", userID, keep).Exec(ctx)
	return err
}
