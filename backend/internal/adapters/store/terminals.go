package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/terminal"
)

// Terminals is the terminal repository.
type Terminals struct{ db *DB }

func NewTerminals(db *DB) *Terminals { return &Terminals{db: db} }

// List returns a page of the organization's terminals by store and code,
// limited to the scope subtree, optionally of one store.
func (r *Terminals) List(ctx context.Context, orgID int64, facilityID *int64, searchText, scope string, p paging.Request) (paging.Page[terminal.Terminal], error) {
	p = p.Normalize()
	filter := func(q *bun.SelectQuery) *bun.SelectQuery {
		q = q.TableExpr("terminals AS t").Join("JOIN facilities AS f ON f.facility_id = t.facility_id").
			Join("JOIN org_groups AS g ON g.group_id = f.group_id").Where("t.organization_id = ?", orgID)
		if facilityID != nil {
			q = q.Where("t.facility_id = ?", *facilityID)
		}
		if scope != "" {
			q = q.Where("g.path LIKE ?", scope+"%")
		}
		if s := strings.TrimSpace(searchText); s != "" {
			pattern := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(s)) + "%"
			q = q.Where(`(LOWER(t.terminal_code) LIKE ? ESCAPE '\' OR LOWER(t.terminal_name) LIKE ? ESCAPE '\' OR f.facility_name LIKE ? ESCAPE '\')`, pattern, pattern, pattern)
		}
		return q
	}
	total, err := filter(r.db.conn(ctx).NewSelect()).Count(ctx)
	if err != nil {
		return paging.Page[terminal.Terminal]{}, fmt.Errorf("count terminals: %w", err)
	}
	var rows []struct {
		ID           int64  `bun:"terminal_id"`
		FacilityID   int64  `bun:"facility_id"`
		FacilityName string `bun:"facility_name"`
		Code         string `bun:"terminal_code"`
		Name         string `bun:"terminal_name"`
	}
	if err := filter(r.db.conn(ctx).NewSelect()).
		ColumnExpr("t.terminal_id, t.facility_id, f.facility_name, t.terminal_code, t.terminal_name").
		OrderExpr("f.facility_name_kana, t.terminal_code").Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows); err != nil {
		return paging.Page[terminal.Terminal]{}, fmt.Errorf("list terminals: %w", err)
	}
	items := make([]terminal.Terminal, len(rows))
	for i, row := range rows {
		items[i] = terminal.Terminal{ID: row.ID, FacilityID: row.FacilityID, FacilityName: row.FacilityName, Code: row.Code, Name: row.Name}
	}
	return paging.Page[terminal.Terminal]{Items: items, Total: total, Request: p}, nil
}

// Get returns one terminal with the path of its store's group.
func (r *Terminals) Get(ctx context.Context, orgID, id int64) (terminal.Terminal, string, error) {
	var row struct {
		FacilityID int64  `bun:"facility_id"`
		Code       string `bun:"terminal_code"`
		Path       string `bun:"path"`
	}
	err := r.db.conn(ctx).NewSelect().TableExpr("terminals AS t").Join("JOIN facilities AS f ON f.facility_id = t.facility_id").
		Join("JOIN org_groups AS g ON g.group_id = f.group_id").ColumnExpr("t.facility_id, t.terminal_code, g.path").
		Where("t.organization_id = ? AND t.terminal_id = ?", orgID, id).Limit(1).Scan(ctx, &row)
	if err != nil {
		return terminal.Terminal{}, "", failure.NotFound()
	}
	return terminal.Terminal{ID: id, FacilityID: row.FacilityID, Code: row.Code}, row.Path, nil
}

// CodeTaken reports whether the organization already has a terminal with code.
func (r *Terminals) CodeTaken(ctx context.Context, orgID int64, code string) (bool, error) {
	n, err := r.db.conn(ctx).NewSelect().Table("terminals").Where("organization_id = ? AND terminal_code = ?", orgID, code).Count(ctx)
	return n > 0, err
}

func (r *Terminals) Create(ctx context.Context, orgID int64, in terminal.Input, now time.Time) (int64, error) {
	var id int64
	err := r.db.conn(ctx).NewRaw(`INSERT INTO terminals (organization_id, facility_id, terminal_code, terminal_name, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING terminal_id`, orgID, in.FacilityID, in.Code, in.Name, now.UTC()).Scan(ctx, &id)
	if err != nil {
		return 0, fmt.Errorf("register terminal: %w", err)
	}
	return id, nil
}

func (r *Terminals) Delete(ctx context.Context, orgID, id int64) error {
	res, err := r.db.conn(ctx).NewDelete().Table("terminals").Where("organization_id = ? AND terminal_id = ?", orgID, id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete terminal: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}
