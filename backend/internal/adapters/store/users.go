package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/search"
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

const userViewColumns = "u.*, g.path AS group_path, (g.parent_group_id IS NULL) AS is_top_group"

// joinGroup adds the user's group, of the same organization.
func joinGroup(q *bun.SelectQuery) *bun.SelectQuery {
	return q.Join("JOIN org_groups AS g ON g.group_id = u.group_id AND g.organization_id = u.organization_id")
}

// FindByAccount returns the user with account in the organization.
func (r *Users) FindByAccount(ctx context.Context, tn access.Tenant, account string) (user.User, error) {
	return r.one(ctx, joinGroup(r.db.selectIn(ctx, tn, "users", "u")).Where("u.user_account = ?", account))
}

// FindByAccountAnywhere serves the SYSTEM unique range, where accounts are
// unique across organizations; two matches are treated as none.
func (r *Users) FindByAccountAnywhere(ctx context.Context, account string) (user.User, error) {
	var rows []userView
	// Sign-in in the SYSTEM range names no organization: the account is
	// looked for in every one, on purpose.
	if err := joinGroup(r.db.conn(ctx).NewSelect().Comment(AllTenants).TableExpr("users AS u")).
		ColumnExpr(userViewColumns).Where("u.user_account = ?", account).Limit(2).Scan(ctx, &rows); err != nil {
		return user.User{}, fmt.Errorf("find user: %w", err)
	}
	if len(rows) != 1 {
		return user.User{}, failure.NotFound()
	}
	return rows[0].toDomain(), nil
}

// Get returns the user by id within the organization.
func (r *Users) Get(ctx context.Context, tn access.Tenant, userID int64) (user.User, error) {
	return r.one(ctx, joinGroup(r.db.selectIn(ctx, tn, "users", "u")).Where("u.user_id = ?", userID))
}

// SetPassword stores a new password hash.
func (r *Users) SetPassword(ctx context.Context, tn access.Tenant, userID int64, hash string, now time.Time) error {
	res, err := r.db.updateIn(ctx, tn, "users").
		Set("password_hash = ?", hash).Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("user_id = ?", userID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

func (r *Users) one(ctx context.Context, q *bun.SelectQuery) (user.User, error) {
	var v userView
	err := q.ColumnExpr(userViewColumns).Scan(ctx, &v)
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

type userListView struct {
	userView     `bun:",extend"`
	GroupName    string `bun:"group_name"`
	FacilityName string `bun:"facility_name"`
}

var userSortColumns = map[string]string{
	user.SortAccount: "u.user_account",
	user.SortName:    "u.last_name || u.first_name",
	user.SortGroup:   "g.group_name_kana",
}

// base is the organization's users with group and store, unscoped:
// single-row reads use it and the use case checks the group scope.
func (r *Users) base(ctx context.Context, tn access.Tenant) *bun.SelectQuery {
	return joinGroup(r.db.selectIn(ctx, tn, "users", "u")).
		Join("LEFT JOIN facilities AS f ON f.facility_id = u.facility_id AND f.organization_id = u.organization_id")
}

// filtered is the list query, limited to the tenant's group scope.
func (r *Users) filtered(ctx context.Context, tn access.Tenant, f user.Filter) *bun.SelectQuery {
	q := inScope(r.base(ctx, tn), tn, "g.path")
	if f.GroupID != nil {
		q = q.Where("g.path LIKE (SELECT sg.path FROM org_groups AS sg WHERE sg.group_id = ? AND sg.organization_id = u.organization_id) || '%'", *f.GroupID)
	}
	if f.TagID != nil {
		q = q.Where(`EXISTS (SELECT 1 FROM user_attribute_links AS l
			WHERE l.organization_id = u.organization_id AND l.user_id = u.user_id AND l.user_attribute_id = ?)`, *f.TagID)
	}
	if f.AuthorityName != "" {
		q = q.Where(`(u.main_authority_name = ? OR ',' || u.sub_authority_names || ',' LIKE ? ESCAPE '\')`, f.AuthorityName,
			"%,"+search.EscapeLike(f.AuthorityName)+",%")
	}
	return matchesAll(q, "u.search_text", f.SearchText)
}

const userListColumns = userViewColumns + ", g.group_name AS group_name, COALESCE(f.facility_name, '') AS facility_name"

// List returns one page of the users the tenant may see.
func (r *Users) List(ctx context.Context, tn access.Tenant, f user.Filter, p paging.Request) (paging.Page[user.User], error) {
	p = p.Normalize()
	total, err := r.filtered(ctx, tn, f).Count(ctx)
	if err != nil {
		return paging.Page[user.User]{}, fmt.Errorf("count users: %w", err)
	}
	col, ok := userSortColumns[f.SortBy]
	if !ok {
		col = userSortColumns[user.SortAccount]
	}
	dir := " ASC"
	if f.Descending {
		dir = " DESC"
	}
	var rows []userListView
	if err := r.filtered(ctx, tn, f).ColumnExpr(userListColumns).OrderExpr(col+dir).OrderExpr("u.user_id"+dir).
		Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows); err != nil {
		return paging.Page[user.User]{}, fmt.Errorf("list users: %w", err)
	}
	items, err := r.withTags(ctx, tn, rows)
	if err != nil {
		return paging.Page[user.User]{}, err
	}
	return paging.Page[user.User]{Items: items, Total: total, Request: p}, nil
}

// Detail returns one user of the organization with group, store and tags.
func (r *Users) Detail(ctx context.Context, tn access.Tenant, id int64) (user.User, error) {
	var rows []userListView
	if err := r.base(ctx, tn).ColumnExpr(userListColumns).Where("u.user_id = ?", id).Scan(ctx, &rows); err != nil {
		return user.User{}, fmt.Errorf("read user %d: %w", id, err)
	}
	if len(rows) == 0 {
		return user.User{}, failure.NotFound()
	}
	items, err := r.withTags(ctx, tn, rows)
	if err != nil {
		return user.User{}, err
	}
	return items[0], nil
}

func (r *Users) withTags(ctx context.Context, tn access.Tenant, rows []userListView) ([]user.User, error) {
	items := make([]user.User, len(rows))
	ids := make([]int64, len(rows))
	for i, row := range rows {
		items[i] = row.toDomain()
		items[i].GroupName, items[i].FacilityName = row.GroupName, row.FacilityName
		ids[i] = row.UserID
	}
	tags, err := NewUserTags(r.db).Of(ctx, tn, "user_id", ids)
	if err != nil {
		return nil, err
	}
	for i := range items {
		items[i].Tags = tags[items[i].ID]
	}
	return items, nil
}

// AccountTaken reports whether another user of the organization (or, with
// the SYSTEM unique range, of any organization) has the account. Inside a
// transaction it first takes the account's turn (LockAccounts).
func (r *Users) AccountTaken(ctx context.Context, tn access.Tenant, anywhere bool, account string, except int64) (bool, error) {
	if err := r.LockAccounts(ctx, []string{account}); err != nil {
		return false, err
	}
	const same = "LOWER(u.user_account) = LOWER(?) AND u.user_id <> ?"
	if anywhere {
		// The SYSTEM range signs in by account alone: it must be free in
		// every organization, so this count spans them on purpose.
		n, err := countAllTenants(ctx, r.db.conn(ctx).NewSelect().TableExpr("users AS u").Where(same, account, except))
		return n > 0, err
	}
	n, err := r.db.selectIn(ctx, tn, "users", "u").Where(same, account, except).Count(ctx)
	return n > 0, err
}

// accountLockClass is the first key of the advisory locks LockAccounts
// takes, the second being the account's hash (migrationLockID is another
// arbitrary constant of the same kind).
const accountLockClass = 727_002

// LockAccounts makes the transactions that check and write an account
// (compared in lower case, like AccountTaken) take turns: on PostgreSQL a
// transaction-scoped advisory lock per account, held until commit or
// rollback, so a second transaction's check waits for the first's write
// and, reading committed data, sees it. Two writers can then no longer
// both find an account free: not in one organization in another case
// ("Taro", "taro"), which the unique index users_org_account would let
// through, nor in two organizations with the SYSTEM range, which no index
// can express (the range is a setting, not the schema's). The console's
// forms lock one account (AccountTaken); a bulk registration locks every
// account it writes in one statement, before it reads them. Both go
// through this one statement, so both compute the same key, and the locks
// are taken in the order of their keys (volatile functions are evaluated
// after ORDER BY), so two writers of several accounts never hold one each
// and wait for the other's. A hash collision only makes two accounts wait
// for each other. SQLite needs nothing: its transactions already take
// turns (TxManager.InTx). Outside a transaction (the use case's first
// check) there is nothing to hold.
func (r *Users) LockAccounts(ctx context.Context, accounts []string) error {
	tx, ok := TxFrom(ctx)
	if !ok || r.db.Dialect != Postgres || len(accounts) == 0 {
		return nil
	}
	if _, err := tx.NewRaw(`SELECT pg_advisory_xact_lock(?, k)
		FROM (SELECT DISTINCT hashtext(LOWER(a)) AS k FROM unnest(CAST(? AS TEXT[])) AS a) AS keys ORDER BY k`,
		accountLockClass, pgdialect.Array(accounts)).Exec(ctx); err != nil {
		return fmt.Errorf("lock accounts: %w", err)
	}
	return nil
}

// Create adds a user with its password hash and tags. An account taken by
// a request sent together with this one is refused like the use case's
// check refuses it (asTaken).
func (r *Users) Create(ctx context.Context, tn access.Tenant, in user.Input, hash string, now time.Time) (int64, error) {
	row := &userRow{OrganizationID: tn.Org(), PasswordHash: hash, Version: 1, Timestamps: newTimestamps(now)}
	fillUser(row, in)
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("user_id").Exec(ctx); err != nil {
		return 0, asTaken(fmt.Errorf("create user: %w", err))
	}
	return row.UserID, NewUserTags(r.db).SetFor(ctx, tn, "user_id", row.UserID, in.TagIDs)
}

// Update changes a user read at version; hash "" keeps the password.
func (r *Users) Update(ctx context.Context, tn access.Tenant, id, version int64, in user.Input, hash string, now time.Time) error {
	row := &userRow{}
	fillUser(row, in)
	cols := []string{"user_account", "last_name", "first_name", "main_authority_name", "sub_authority_names", "group_id",
		"facility_id", "ip_address_restriction", "mfa_type", "mail_address", "disabled", "search_text"}
	if hash != "" {
		row.PasswordHash = hash
		cols = append(cols, "password_hash")
	}
	res, err := r.db.updateModelIn(ctx, tn, row).Column(cols...).
		Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("?TableAlias.user_id = ? AND ?TableAlias.version = ?", id, version).Exec(ctx)
	if err != nil {
		return asTaken(fmt.Errorf("update user %d: %w", id, err))
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// Another organization's id is "not found", a stale version a conflict.
		if _, err := r.Get(ctx, tn, id); err != nil {
			return err
		}
		return failure.Conflict("")
	}
	return NewUserTags(r.db).SetFor(ctx, tn, "user_id", id, in.TagIDs)
}

// Delete removes a user; its sessions go with it.
func (r *Users) Delete(ctx context.Context, tn access.Tenant, id int64) error {
	if err := NewUserTags(r.db).SetFor(ctx, tn, "user_id", id, nil); err != nil {
		return err
	}
	res, err := r.db.deleteIn(ctx, tn, "users").Where("user_id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete user %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

func fillUser(row *userRow, in user.Input) {
	row.UserAccount, row.LastName, row.FirstName = in.Account, in.LastName, in.FirstName
	row.MainAuthorityName, row.SubAuthorityNames = in.MainAuthority, strings.Join(in.SubAuthorities, ",")
	row.GroupID = in.GroupID
	if in.FacilityID != 0 {
		fid := in.FacilityID
		row.FacilityID = &fid
	}
	row.IPAddressRestriction, row.MfaType, row.MailAddress, row.Disabled = in.IPAddressRestriction, in.MfaType, in.MailAddress, in.Disabled
	row.SearchText = search.Text(in.Account, in.LastName+in.FirstName, in.LastName, in.FirstName, in.MailAddress)
}
