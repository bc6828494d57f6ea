package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
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
