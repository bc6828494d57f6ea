package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/history"
)

type operationRow struct {
	bun.BaseModel `bun:"table:operation_history"`

	HistoryID      int64     `bun:"history_id,pk,autoincrement"`
	OrganizationID int64     `bun:"organization_id,notnull"`
	UserID         *int64    `bun:"user_id"`
	UserAccount    string    `bun:"user_account,notnull"`
	Operation      string    `bun:"operation,notnull"`
	TargetType     string    `bun:"target_type,notnull"`
	TargetID       *int64    `bun:"target_id"`
	Detail         string    `bun:"detail,notnull"`
	IPAddress      string    `bun:"ip_address,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull"`
}

// OperationHistory records what people did, per organization.
type OperationHistory struct{ db *DB }

func NewOperationHistory(db *DB) *OperationHistory { return &OperationHistory{db: db} }

func (r *OperationHistory) Record(ctx context.Context, e history.Operation) error {
	row := &operationRow{OrganizationID: e.OrganizationID, UserID: e.UserID, UserAccount: e.UserAccount,
		Operation: string(e.Kind), TargetType: e.TargetType, TargetID: e.TargetID, Detail: e.Detail, IPAddress: e.IPAddress, CreatedAt: e.At.UTC()}
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Exec(ctx); err != nil {
		return fmt.Errorf("record %s: %w", e.Kind, err)
	}
	return nil
}

// List returns the organization's records in [from, to), newest first.
func (r *OperationHistory) List(ctx context.Context, tn access.Tenant, from, to time.Time, limit int) ([]history.Operation, error) {
	var rows []operationRow
	err := r.db.selectModelIn(ctx, tn, &rows).
		Where("created_at >= ? AND created_at < ?", from.UTC(), to.UTC()).
		OrderExpr("created_at DESC, history_id DESC").Limit(limit).Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list history: %w", err)
	}
	out := make([]history.Operation, len(rows))
	for i, row := range rows {
		out[i] = history.Operation{OrganizationID: row.OrganizationID, UserID: row.UserID, UserAccount: row.UserAccount,
			Kind: history.Kind(row.Operation), TargetType: row.TargetType, TargetID: row.TargetID, Detail: row.Detail, IPAddress: row.IPAddress, At: row.CreatedAt}
	}
	return out, nil
}
