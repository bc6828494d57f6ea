package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/user"
)

// Users is the user repository.
type Users struct{ db *DB }

func NewUsers(db *DB) *Users { return &Users{db: db} }

// userView is a user with what the session needs of its group.
type userView struct {
	userRow    `bun:",extend"`
	GroupPath  string `bun:"group_path"`
	IsTopGroup bool   `bun:"is_top_group"`
}

const userViewSelect = `SELECT u.*, g.path AS group_path, (g.parent_group_id IS NULL) AS is_top_group
FROM users AS u JOIN org_groups AS g ON g.group_id = u.group_id `

// FindByAccount returns the user with account in the organization.
func (r *Users) FindByAccount(ctx context.Context, orgID int64, account string) (user.User, error) {
	return r.one(ctx, userViewSelect+"WHERE u.organization_id = ? AND u.user_account = ?", orgID, account)
}

// FindByAccountAnywhere serves the SYSTEM unique range, where accounts are
// unique across organizations; two matches are treated as none.
func (r *Users) FindByAccountAnywhere(ctx context.Context, account string) (user.User, error) {
	var rows []userView
	if err := r.db.conn(ctx).NewRaw(userViewSelect+"WHERE u.user_account = ? LIMIT 2", account).Scan(ctx, &rows); err != nil {
		return user.User{}, fmt.Errorf("find user: %w", err)
	}
	if len(rows) != 1 {
		return user.User{}, failure.NotFound()
	}
	return rows[0].toDomain(), nil
}

// Get returns the user by id within the organization.
func (r *Users) Get(ctx context.Context, orgID, userID int64) (user.User, error) {
	return r.one(ctx, userViewSelect+"WHERE u.organization_id = ? AND u.user_id = ?", orgID, userID)
}

// SetPassword stores a new password hash.
func (r *Users) SetPassword(ctx context.Context, orgID, userID int64, hash string, now time.Time) error {
	res, err := r.db.conn(ctx).NewUpdate().Table("users").
		Set("password_hash = ?", hash).Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("organization_id = ? AND user_id = ?", orgID, userID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

func (r *Users) one(ctx context.Context, query string, args ...any) (user.User, error) {
	var v userView
	err := r.db.conn(ctx).NewRaw(query, args...).Scan(ctx, &v)
	if errors.Is(err, sql.ErrNoRows) {
		return user.User{}, failure.NotFound()
	}
	if err != nil {
		return user.User{}, fmt.Errorf("read user: %w", err)
	}
	return v.toDomain(), nil
}

func (v userView) toDomain() user.User {
	return user.User{
		ID: v.UserID, OrganizationID: v.OrganizationID, Account: v.UserAccount,
		LastName: v.LastName, FirstName: v.FirstName, PasswordHash: v.PasswordHash,
		MainAuthority: v.MainAuthorityName, SubAuthorities: user.SplitAuthorities(v.SubAuthorityNames),
		GroupID: v.GroupID, GroupPath: v.GroupPath, IsTopGroup: v.IsTopGroup, FacilityID: v.FacilityID,
		IPAddressRestriction: v.IPAddressRestriction, MfaType: v.MfaType, MailAddress: v.MailAddress,
		Disabled: v.Disabled, Version: v.Version,
	}
}
