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
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/terminal"
)

// Terminals is the terminal repository.
type Terminals struct{ db *DB }

func NewTerminals(db *DB) *Terminals { return &Terminals{db: db} }

// base is the organization's terminals with their store and its group.
func (r *Terminals) base(ctx context.Context, tn access.Tenant) *bun.SelectQuery {
	return r.db.selectIn(ctx, tn, "terminals", "t").
		Join("JOIN facilities AS f ON f.facility_id = t.facility_id AND f.organization_id = t.organization_id").
		Join("JOIN org_groups AS g ON g.group_id = f.group_id AND g.organization_id = f.organization_id")
}

// terminalSearchText is what a terminal is found by: its code and name,
// folded like the stored search columns in SQL (ASCII lower case; codes
// and names are what the terminal reports, mostly ASCII), and its store's
// folded search column, so a store's name or kana finds its terminals.
const terminalSearchText = "(LOWER(t.terminal_code) || ' ' || LOWER(t.terminal_name) || ' ' || f.search_text)"

// List returns a page of the terminals the tenant may see (its scope
// subtree), by store and code, optionally of one store.
func (r *Terminals) List(ctx context.Context, tn access.Tenant, facilityID *int64, searchText string, p paging.Request) (paging.Page[terminal.Terminal], error) {
	p = p.Normalize()
	filtered := func() *bun.SelectQuery {
		q := inScope(r.base(ctx, tn), tn, "g.path")
		if facilityID != nil {
			q = q.Where("t.facility_id = ?", *facilityID)
		}
		return matchesAll(q, terminalSearchText, searchText)
	}
	total, err := filtered().Count(ctx)
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
	if err := filtered().
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

// Get returns one terminal of the organization with the path of its
// store's group (the use case checks the scope).
func (r *Terminals) Get(ctx context.Context, tn access.Tenant, id int64) (terminal.Terminal, string, error) {
	var row struct {
		FacilityID int64  `bun:"facility_id"`
		Code       string `bun:"terminal_code"`
		Name       string `bun:"terminal_name"`
		Path       string `bun:"path"`
	}
	err := r.base(ctx, tn).ColumnExpr("t.facility_id, t.terminal_code, t.terminal_name, g.path").
		Where("t.terminal_id = ?", id).Limit(1).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return terminal.Terminal{}, "", failure.NotFound()
	}
	if err != nil {
		return terminal.Terminal{}, "", fmt.Errorf("read terminal %d: %w", id, err)
	}
	return terminal.Terminal{ID: id, FacilityID: row.FacilityID, Code: row.Code, Name: row.Name}, row.Path, nil
}

// CodeTaken reports whether the organization already has a terminal with code.
func (r *Terminals) CodeTaken(ctx context.Context, tn access.Tenant, code string) (bool, error) {
	n, err := r.db.selectIn(ctx, tn, "terminals", "t").Where("t.terminal_code = ?", code).Count(ctx)
	return n > 0, err
}

func (r *Terminals) Create(ctx context.Context, tn access.Tenant, in terminal.Input, now time.Time) (int64, error) {
	var id int64
	err := r.db.conn(ctx).NewRaw(`INSERT INTO terminals (organization_id, facility_id, terminal_code, terminal_name, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING terminal_id`, tn.Org(), in.FacilityID, in.Code, in.Name, now.UTC()).Scan(ctx, &id)
	if err != nil {
		return 0, asTaken(fmt.Errorf("register terminal: %w", err))
	}
	return id, nil
}

func (r *Terminals) Delete(ctx context.Context, tn access.Tenant, id int64) error {
	res, err := r.db.deleteIn(ctx, tn, "terminals").Where("terminal_id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete terminal: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}
