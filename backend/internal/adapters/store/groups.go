package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/search"
)

// Groups is the group repository.
type Groups struct{ db *DB }

func NewGroups(db *DB) *Groups { return &Groups{db: db} }

// Summaries lists the groups the tenant may see, in tree order (by path):
// a group-bound user's pick lists hold its own subtree, the only groups it
// may put a store or a user in. Ask with tn.WholeOrganization() for all.
func (r *Groups) Summaries(ctx context.Context, tn access.Tenant) ([]group.Summary, error) {
	var rows []groupRow
	q := r.db.selectIn(ctx, tn, "org_groups", "g").ColumnExpr("g.group_id, g.group_name, g.path, g.parent_group_id")
	if err := inScope(q, tn, "g.path").OrderExpr("g.path").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	out := make([]group.Summary, len(rows))
	for i, row := range rows {
		out[i] = row.summary()
	}
	return out, nil
}

// Get returns one group of the organization, whatever the tenant's scope:
// the use cases check it (a parent or a store's group must lie in scope,
// and say so in their own words).
func (r *Groups) Get(ctx context.Context, tn access.Tenant, id int64) (group.Summary, error) {
	var row groupRow
	err := r.db.selectIn(ctx, tn, "org_groups", "g").ColumnExpr("g.group_id, g.group_name, g.path, g.parent_group_id").
		Where("g.group_id = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return group.Summary{}, failure.NotFound()
	}
	if err != nil {
		return group.Summary{}, fmt.Errorf("read group %d: %w", id, err)
	}
	return row.summary(), nil
}

func (row groupRow) summary() group.Summary {
	return group.Summary{ID: row.GroupID, Name: row.GroupName, Path: row.Path, IsTop: row.ParentGroupID == nil}
}

type groupView struct {
	groupRow   `bun:",extend"`
	ParentName string `bun:"parent_name"`
	Children   int    `bun:"children"`
	Facilities int    `bun:"facilities"`
	Users      int    `bun:"users"`
}

// groupViewColumns counts what hangs under a group; every subquery names
// the group's organization (the ids alone would do today, but the guard
// and the next reader should not have to prove it).
const groupViewColumns = `g.*, COALESCE(p.group_name, '') AS parent_name,
	(SELECT COUNT(*) FROM org_groups AS c WHERE c.organization_id = g.organization_id AND c.parent_group_id = g.group_id) AS children,
	(SELECT COUNT(*) FROM facilities AS f WHERE f.organization_id = g.organization_id AND f.group_id = g.group_id) AS facilities,
	(SELECT COUNT(*) FROM users AS u WHERE u.organization_id = g.organization_id AND u.group_id = g.group_id) AS users`

func (r *Groups) view(ctx context.Context, tn access.Tenant) *bun.SelectQuery {
	return r.db.selectIn(ctx, tn, "org_groups", "g").
		Join("LEFT JOIN org_groups AS p ON p.group_id = g.parent_group_id AND p.organization_id = g.organization_id")
}

// List returns a page of the groups the tenant may see (its scope
// subtree) in tree order, matched by name, kana or JK code.
func (r *Groups) List(ctx context.Context, tn access.Tenant, searchText string, p paging.Request) (paging.Page[group.Group], error) {
	p = p.Normalize()
	filtered := func() *bun.SelectQuery {
		return matchesAll(inScope(r.view(ctx, tn), tn, "g.path"), "g.search_text", searchText)
	}
	total, err := filtered().Count(ctx)
	if err != nil {
		return paging.Page[group.Group]{}, fmt.Errorf("count groups: %w", err)
	}
	var rows []groupView
	if err := filtered().ColumnExpr(groupViewColumns).OrderExpr("g.path").
		Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows); err != nil {
		return paging.Page[group.Group]{}, fmt.Errorf("list groups: %w", err)
	}
	items := make([]group.Group, len(rows))
	for i, row := range rows {
		items[i] = row.toDomain()
	}
	return paging.Page[group.Group]{Items: items, Total: total, Request: p}, nil
}

// Detail returns one group of the organization with its counts (scope is
// the use case's check, as for Get).
func (r *Groups) Detail(ctx context.Context, tn access.Tenant, id int64) (group.Group, error) {
	var row groupView
	err := r.view(ctx, tn).ColumnExpr(groupViewColumns).Where("g.group_id = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return group.Group{}, failure.NotFound()
	}
	if err != nil {
		return group.Group{}, fmt.Errorf("read group %d: %w", id, err)
	}
	return row.toDomain(), nil
}

// Create adds a group under parent (nil: a top group).
func (r *Groups) Create(ctx context.Context, tn access.Tenant, parent *group.Summary, in group.Input, now time.Time) (int64, error) {
	row := &groupRow{OrganizationID: tn.Org(), GroupName: in.Name, GroupNameKana: in.NameKana, JKCode: in.JKCode,
		SearchText: search.Text(in.Name, in.NameKana, in.JKCode), Version: 1, Timestamps: newTimestamps(now)}
	parentPath := "/"
	if parent != nil {
		row.ParentGroupID = &parent.ID
		parentPath = parent.Path
	}
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("group_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("create group: %w", err)
	}
	row.Path = fmt.Sprintf("%s%d/", parentPath, row.GroupID)
	if _, err := r.db.updateIn(ctx, tn, "org_groups").Set("path = ?", row.Path).
		Where("group_id = ?", row.GroupID).Exec(ctx); err != nil {
		return 0, fmt.Errorf("set group path: %w", err)
	}
	return row.GroupID, nil
}

// Update renames a group read at version and, when its parent changes,
// moves it with its whole subtree (every path under it is rewritten).
func (r *Groups) Update(ctx context.Context, tn access.Tenant, id, version int64, parent *group.Summary, in group.Input, now time.Time) error {
	cur, err := r.Detail(ctx, tn, id)
	if err != nil {
		return err
	}
	var parentID *int64
	newPath := fmt.Sprintf("/%d/", id)
	if parent != nil {
		parentID = &parent.ID
		newPath = fmt.Sprintf("%s%d/", parent.Path, id)
	}
	res, err := r.db.updateIn(ctx, tn, "org_groups").
		Set("parent_group_id = ?", parentID).Set("group_name = ?", in.Name).Set("group_name_kana = ?", in.NameKana).
		Set("jk_code = ?", in.JKCode).Set("search_text = ?", search.Text(in.Name, in.NameKana, in.JKCode)).
		Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("group_id = ? AND version = ?", id, version).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update group %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.Conflict("")
	}
	if newPath == cur.Path {
		return nil
	}
	_, err = r.db.updateIn(ctx, tn, "org_groups").
		Set("path = ? || SUBSTR(path, ?)", newPath, len(cur.Path)+1).
		Where("path LIKE ?", cur.Path+"%").Exec(ctx)
	if err != nil {
		return fmt.Errorf("move group %d: %w", id, err)
	}
	return nil
}

// Delete removes a group. Whether it may go (group.CanDelete: nothing
// under it) is decided by the use case on Detail's counts.
func (r *Groups) Delete(ctx context.Context, tn access.Tenant, id int64) error {
	res, err := r.db.deleteIn(ctx, tn, "org_groups").Where("group_id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete group %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

func (v groupView) toDomain() group.Group {
	return group.Group{ID: v.GroupID, ParentID: v.ParentGroupID, ParentName: v.ParentName, Path: v.Path,
		Name: v.GroupName, NameKana: v.GroupNameKana, JKCode: v.JKCode, Children: v.Children,
		Facilities: v.Facilities, Users: v.Users, Version: v.Version}
}
