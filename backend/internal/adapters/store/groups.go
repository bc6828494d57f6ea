package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/search"
)

// Groups is the group repository.
type Groups struct{ db *DB }

func NewGroups(db *DB) *Groups { return &Groups{db: db} }

// Summaries lists the organization's groups in tree order (by path).
func (r *Groups) Summaries(ctx context.Context, orgID int64) ([]group.Summary, error) {
	var rows []groupRow
	if err := r.db.conn(ctx).NewSelect().Model(&rows).Column("group_id", "group_name", "path", "parent_group_id").
		Where("organization_id = ?", orgID).OrderExpr("path").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	out := make([]group.Summary, len(rows))
	for i, row := range rows {
		out[i] = group.Summary{ID: row.GroupID, Name: row.GroupName, Path: row.Path, IsTop: row.ParentGroupID == nil}
	}
	return out, nil
}

// Get returns one group of the organization.
func (r *Groups) Get(ctx context.Context, orgID, id int64) (group.Summary, error) {
	var row groupRow
	err := r.db.conn(ctx).NewSelect().Model(&row).Column("group_id", "group_name", "path", "parent_group_id").
		Where("organization_id = ? AND group_id = ?", orgID, id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return group.Summary{}, failure.NotFound()
	}
	if err != nil {
		return group.Summary{}, fmt.Errorf("read group %d: %w", id, err)
	}
	return group.Summary{ID: row.GroupID, Name: row.GroupName, Path: row.Path, IsTop: row.ParentGroupID == nil}, nil
}

type groupView struct {
	groupRow   `bun:",extend"`
	ParentName string `bun:"parent_name"`
	Children   int    `bun:"children"`
	Facilities int    `bun:"facilities"`
	Users      int    `bun:"users"`
}

const groupViewColumns = `g.*, COALESCE(p.group_name, '') AS parent_name,
	(SELECT COUNT(*) FROM org_groups AS c WHERE c.parent_group_id = g.group_id) AS children,
	(SELECT COUNT(*) FROM facilities AS f WHERE f.group_id = g.group_id) AS facilities,
	(SELECT COUNT(*) FROM users AS u WHERE u.group_id = g.group_id) AS users`

func (r *Groups) view(ctx context.Context, orgID int64) *bun.SelectQuery {
	return r.db.conn(ctx).NewSelect().TableExpr("org_groups AS g").
		Join("LEFT JOIN org_groups AS p ON p.group_id = g.parent_group_id").
		Where("g.organization_id = ?", orgID)
}

// List returns a page of the organization's groups in tree order, limited
// to the scope subtree and matched by name, kana or JK code.
func (r *Groups) List(ctx context.Context, orgID int64, searchText, scope string, p paging.Request) (paging.Page[group.Group], error) {
	p = p.Normalize()
	filter := func(q *bun.SelectQuery) *bun.SelectQuery {
		if scope != "" {
			q = q.Where("g.path LIKE ?", scope+"%")
		}
		if search.Fold(searchText) != "" {
			q = q.Where(`g.search_text LIKE ? ESCAPE '\'`, search.LikePattern(searchText))
		}
		return q
	}
	total, err := filter(r.view(ctx, orgID)).Count(ctx)
	if err != nil {
		return paging.Page[group.Group]{}, fmt.Errorf("count groups: %w", err)
	}
	var rows []groupView
	if err := filter(r.view(ctx, orgID)).ColumnExpr(groupViewColumns).OrderExpr("g.path").
		Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows); err != nil {
		return paging.Page[group.Group]{}, fmt.Errorf("list groups: %w", err)
	}
	items := make([]group.Group, len(rows))
	for i, row := range rows {
		items[i] = row.toDomain()
	}
	return paging.Page[group.Group]{Items: items, Total: total, Request: p}, nil
}

// Detail returns one group with its counts.
func (r *Groups) Detail(ctx context.Context, orgID, id int64) (group.Group, error) {
	var row groupView
	err := r.view(ctx, orgID).ColumnExpr(groupViewColumns).Where("g.group_id = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return group.Group{}, failure.NotFound()
	}
	if err != nil {
		return group.Group{}, fmt.Errorf("read group %d: %w", id, err)
	}
	return row.toDomain(), nil
}

// Create adds a group under parent (nil: a top group).
func (r *Groups) Create(ctx context.Context, orgID int64, parent *group.Summary, in group.Input, now time.Time) (int64, error) {
	row := &groupRow{OrganizationID: orgID, GroupName: in.Name, GroupNameKana: in.NameKana, JKCode: in.JKCode,
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
	if _, err := r.db.conn(ctx).NewUpdate().Table("org_groups").Set("path = ?", row.Path).
		Where("group_id = ?", row.GroupID).Exec(ctx); err != nil {
		return 0, fmt.Errorf("set group path: %w", err)
	}
	return row.GroupID, nil
}

// Update renames a group read at version and, when its parent changes,
// moves it with its whole subtree (every path under it is rewritten).
func (r *Groups) Update(ctx context.Context, orgID, id, version int64, parent *group.Summary, in group.Input, now time.Time) error {
	cur, err := r.Detail(ctx, orgID, id)
	if err != nil {
		return err
	}
	var parentID *int64
	newPath := fmt.Sprintf("/%d/", id)
	if parent != nil {
		parentID = &parent.ID
		newPath = fmt.Sprintf("%s%d/", parent.Path, id)
	}
	res, err := r.db.conn(ctx).NewUpdate().Table("org_groups").
		Set("parent_group_id = ?", parentID).Set("group_name = ?", in.Name).Set("group_name_kana = ?", in.NameKana).
		Set("jk_code = ?", in.JKCode).Set("search_text = ?", search.Text(in.Name, in.NameKana, in.JKCode)).
		Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("organization_id = ? AND group_id = ? AND version = ?", orgID, id, version).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update group %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.Conflict("")
	}
	if newPath == cur.Path {
		return nil
	}
	_, err = r.db.conn(ctx).NewUpdate().Table("org_groups").
		Set("path = ? || SUBSTR(path, ?)", newPath, len(cur.Path)+1).
		Where("organization_id = ? AND path LIKE ?", orgID, cur.Path+"%").Exec(ctx)
	if err != nil {
		return fmt.Errorf("move group %d: %w", id, err)
	}
	return nil
}

// Delete removes an empty group: no child groups, stores or users.
func (r *Groups) Delete(ctx context.Context, orgID, id int64) error {
	g, err := r.Detail(ctx, orgID, id)
	if err != nil {
		return err
	}
	if g.Children+g.Facilities+g.Users > 0 {
		return failure.Refused(group.MsgInUse)
	}
	_, err = r.db.conn(ctx).NewDelete().Table("org_groups").Where("organization_id = ? AND group_id = ?", orgID, id).Exec(ctx)
	return err
}

func (v groupView) toDomain() group.Group {
	return group.Group{ID: v.GroupID, ParentID: v.ParentGroupID, ParentName: v.ParentName, Path: v.Path,
		Name: v.GroupName, NameKana: v.GroupNameKana, JKCode: v.JKCode, Children: v.Children,
		Facilities: v.Facilities, Users: v.Users, Version: v.Version}
}
