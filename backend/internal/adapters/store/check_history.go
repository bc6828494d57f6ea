package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/paging"
)

// CheckHistory reads check activity for the system administrator: of one
// organization, or of every one when tn is nil.
type CheckHistory struct{ db *DB }

func NewCheckHistory(db *DB) *CheckHistory { return &CheckHistory{db: db} }

// scoped adds the organization predicate on alias, or marks the statement
// as spanning organizations.
func scoped(q *bun.SelectQuery, tn *access.Tenant, alias string) *bun.SelectQuery {
	if tn == nil {
		return q.Comment(AllTenants)
	}
	return q.Where(alias+".organization_id = ?", tn.Org())
}

// Periods are the periods overlapping from..to with their target counts.
func (h *CheckHistory) Periods(ctx context.Context, tn *access.Tenant, from, to time.Time) ([]checklist.ActivityPeriod, error) {
	var rows []struct {
		OrgID   int64     `bun:"organization_id"`
		OrgName string    `bun:"organization_name"`
		ID      int64     `bun:"period_id"`
		From    civilDate `bun:"from_date"`
		To      civilDate `bun:"to_date"`
		Targets int       `bun:"targets"`
	}
	q := h.db.conn(ctx).NewSelect().TableExpr("check_periods AS p").
		ColumnExpr("p.organization_id, o.organization_name, p.period_id, p.from_date, p.to_date").
		ColumnExpr(`(SELECT COUNT(*) FROM check_list_facilities AS t WHERE t.organization_id = p.organization_id AND t.check_list_id = p.check_list_id) AS targets`).
		Join("JOIN organizations AS o ON o.organization_id = p.organization_id").
		Join("JOIN check_lists AS c ON c.organization_id = p.organization_id AND c.check_list_id = p.check_list_id").
		Where("c.deleted_at IS NULL AND p.from_date <= ? AND p.to_date >= ?", civilDate{to}, civilDate{from})
	if err := scoped(q, tn, "p").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("history periods: %w", err)
	}
	out := make([]checklist.ActivityPeriod, len(rows))
	for i, r := range rows {
		out[i] = checklist.ActivityPeriod{OrganizationID: r.OrgID, OrganizationName: r.OrgName, PeriodID: r.ID,
			Period: checklist.Period{From: r.From.Time, To: r.To.Time}, Targets: r.Targets}
	}
	return out, nil
}

// Sheets are the sheets of the periods overlapping from..to.
func (h *CheckHistory) Sheets(ctx context.Context, tn *access.Tenant, from, to time.Time) ([]checklist.ActivitySheet, error) {
	var rows []struct {
		OrgID     int64      `bun:"organization_id"`
		PeriodID  int64      `bun:"period_id"`
		Opened    *time.Time `bun:"opened_at"`
		Submitted *time.Time `bun:"submitted_at"`
	}
	q := h.db.conn(ctx).NewSelect().TableExpr("check_sheets AS s").
		ColumnExpr("s.organization_id, s.period_id, s.opened_at, s.submitted_at").
		Join("JOIN check_periods AS p ON p.organization_id = s.organization_id AND p.period_id = s.period_id").
		Where("p.from_date <= ? AND p.to_date >= ?", civilDate{to}, civilDate{from})
	if err := scoped(q, tn, "s").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("history sheets: %w", err)
	}
	out := make([]checklist.ActivitySheet, len(rows))
	for i, r := range rows {
		out[i] = checklist.ActivitySheet{OrganizationID: r.OrgID, PeriodID: r.PeriodID, OpenedAt: r.Opened, SubmittedAt: r.Submitted}
	}
	return out, nil
}

// DaySheets is a page of one organization's sheets started or submitted on
// a Tokyo day, latest first.
func (h *CheckHistory) DaySheets(ctx context.Context, tn access.Tenant, day time.Time, p paging.Request) (paging.Page[checklist.HistorySheet], error) {
	p = p.Normalize()
	y, m, d := day.In(clock.Tokyo).Date()
	start := time.Date(y, m, d, 0, 0, 0, 0, clock.Tokyo).UTC()
	end := start.Add(24 * time.Hour)
	var rows []struct {
		ID        int64      `bun:"sheet_id"`
		Facility  string     `bun:"facility_name"`
		List      string     `bun:"name"`
		From      civilDate  `bun:"from_date"`
		To        civilDate  `bun:"to_date"`
		Opened    *time.Time `bun:"opened_at"`
		Submitted *time.Time `bun:"submitted_at"`
		Answered  int        `bun:"answered_count"`
		Total     int        `bun:"total_count"`
	}
	total, err := h.db.selectIn(ctx, tn, "check_sheets", "s").
		ColumnExpr("s.sheet_id, f.facility_name, c.name, p.from_date, p.to_date, s.opened_at, s.submitted_at, s.answered_count, s.total_count").
		Join("JOIN check_periods AS p ON p.organization_id = s.organization_id AND p.period_id = s.period_id").
		Join("JOIN check_lists AS c ON c.organization_id = p.organization_id AND c.check_list_id = p.check_list_id").
		Join("JOIN facilities AS f ON f.organization_id = s.organization_id AND f.facility_id = s.facility_id").
		Where("((s.opened_at >= ? AND s.opened_at < ?) OR (s.submitted_at >= ? AND s.submitted_at < ?))", start, end, start, end).
		OrderExpr("COALESCE(s.submitted_at, s.opened_at) DESC, s.sheet_id DESC").Limit(p.Size).Offset(p.Offset()).ScanAndCount(ctx, &rows)
	if err != nil {
		return paging.Page[checklist.HistorySheet]{}, fmt.Errorf("history day sheets: %w", err)
	}
	items := make([]checklist.HistorySheet, len(rows))
	for i, r := range rows {
		items[i] = checklist.HistorySheet{SheetID: r.ID, FacilityName: r.Facility, ListName: r.List,
			Period: checklist.Period{From: r.From.Time, To: r.To.Time}, OpenedAt: r.Opened, SubmittedAt: r.Submitted, Answered: r.Answered, Total: r.Total}
	}
	return paging.Page[checklist.HistorySheet]{Items: items, Total: total, Request: p}, nil
}
