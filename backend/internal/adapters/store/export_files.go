package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/report"
)

type exportFileRow struct {
	bun.BaseModel `bun:"table:export_files,alias:x"`

	FileID           int64      `bun:"file_id,pk,autoincrement"`
	OrganizationID   int64      `bun:"organization_id,notnull"`
	FileKind         string     `bun:"file_kind,notnull"`
	HistoryType      string     `bun:"history_type,notnull"`
	Params           string     `bun:"params,notnull"`
	Scope            string     `bun:"scope,notnull"`
	RequestedBy      int64      `bun:"requested_by,notnull"`
	RequesterAccount string     `bun:"requester_account,notnull"`
	Status           string     `bun:"status,notnull"`
	FailureReason    string     `bun:"failure_reason,notnull"`
	Notice           string     `bun:"notice,notnull"`
	RowsDone         int        `bun:"rows_done,notnull"`
	RowsTotal        int        `bun:"rows_total,notnull"`
	FileName         string     `bun:"file_name,notnull"`
	StorageKey       string     `bun:"storage_key,notnull"`
	FileSize         int64      `bun:"file_size,notnull"`
	CreatedAt        time.Time  `bun:"created_at,notnull"`
	FinishedAt       *time.Time `bun:"finished_at"`
	ExpiresAt        time.Time  `bun:"expires_at,notnull"`
}

func (row exportFileRow) file() (export.File, error) {
	var r export.Request
	var rep *report.Request
	target := any(&r)
	if export.Kind(row.FileKind) == export.KindReport {
		rep = &report.Request{}
		target = rep
	}
	if err := json.Unmarshal([]byte(row.Params), target); err != nil {
		return export.File{}, fmt.Errorf("export file %d params: %w", row.FileID, err)
	}
	return export.File{ID: row.FileID, OrganizationID: row.OrganizationID, Kind: export.Kind(row.FileKind), Request: r, Report: rep,
		Scope: row.Scope, RequestedBy: row.RequestedBy, RequesterAccount: row.RequesterAccount,
		Status: export.Status(row.Status), FailureReason: row.FailureReason, Notice: row.Notice,
		RowsDone: row.RowsDone, RowsTotal: row.RowsTotal, FileName: row.FileName, StorageKey: row.StorageKey,
		Size: row.FileSize, CreatedAt: row.CreatedAt, FinishedAt: row.FinishedAt, ExpiresAt: row.ExpiresAt}, nil
}

// ExportFiles stores the records of files made in the background.
type ExportFiles struct{ db *DB }

func NewExportFiles(db *DB) *ExportFiles { return &ExportFiles{db: db} }

func (r *ExportFiles) Create(ctx context.Context, tn access.Tenant, f export.File) (int64, error) {
	var params []byte
	var err error
	if f.Report != nil {
		params, err = json.Marshal(f.Report)
	} else {
		params, err = json.Marshal(f.Request)
	}
	if err != nil {
		return 0, err
	}
	row := &exportFileRow{OrganizationID: tn.Org(), FileKind: string(f.Kind), HistoryType: f.TypeName(),
		Params: string(params), Scope: f.Scope, RequestedBy: f.RequestedBy, RequesterAccount: f.RequesterAccount,
		Status: string(f.Status), FileName: f.FileName, CreatedAt: f.CreatedAt.UTC(), ExpiresAt: f.ExpiresAt.UTC()}
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("file_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("create export file: %w", err)
	}
	return row.FileID, nil
}

// visible limits q to files asked by users whose scope lies in tn's.
func visible(q *bun.SelectQuery, tn access.Tenant) *bun.SelectQuery {
	if s := tn.Scope(); s != "" {
		q = q.Where("x.scope LIKE ?", s+"%")
	}
	return q
}

func (r *ExportFiles) Get(ctx context.Context, tn access.Tenant, id int64) (export.File, error) {
	var row exportFileRow
	err := visible(r.db.selectModelIn(ctx, tn, &row), tn).Where("x.file_id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return export.File{}, failure.NotFound()
	}
	if err != nil {
		return export.File{}, fmt.Errorf("get export file: %w", err)
	}
	return row.file()
}

// List is newest first; the creation dates are Tokyo dates.
func (r *ExportFiles) List(ctx context.Context, tn access.Tenant, kind export.Kind, f export.Filter, p paging.Request) (paging.Page[export.File], error) {
	var rows []exportFileRow
	q := visible(r.db.selectModelIn(ctx, tn, &rows), tn).Where("x.file_kind = ?", string(kind))
	if f.CreatedFrom != nil {
		q = q.Where("x.created_at >= ?", dayStart(*f.CreatedFrom))
	}
	if f.CreatedTo != nil {
		q = q.Where("x.created_at < ?", export.DayEnd(*f.CreatedTo, clock.Tokyo).UTC())
	}
	if f.Type != "" {
		q = q.Where("x.history_type = ?", f.Type)
	}
	total, err := q.OrderExpr("x.created_at DESC, x.file_id DESC").Limit(p.Size).Offset(p.Offset()).ScanAndCount(ctx)
	if err != nil {
		return paging.Page[export.File]{}, fmt.Errorf("list export files: %w", err)
	}
	items := make([]export.File, len(rows))
	for i, row := range rows {
		if items[i], err = row.file(); err != nil {
			return paging.Page[export.File]{}, err
		}
	}
	return paging.Page[export.File]{Items: items, Total: total, Request: p}, nil
}

func dayStart(d time.Time) time.Time {
	y, m, day := d.Date()
	return time.Date(y, m, day, 0, 0, 0, 0, clock.Tokyo).UTC()
}

func (r *ExportFiles) Start(ctx context.Context, tn access.Tenant, id int64, total int) error {
	_, err := r.db.updateIn(ctx, tn, "export_files").
		Set("status = ?, rows_done = 0, rows_total = ?, failure_reason = ''", string(export.Running), total).
		Where("file_id = ? AND status IN (?)", id, bun.In([]string{string(export.Queued), string(export.Running)})).Exec(ctx)
	return wrapExec("start export file", err)
}

func (r *ExportFiles) Progress(ctx context.Context, tn access.Tenant, id int64, done int) error {
	_, err := r.db.updateIn(ctx, tn, "export_files").Set("rows_done = ?", done).
		Where("file_id = ? AND status = ?", id, string(export.Running)).Exec(ctx)
	return wrapExec("export progress", err)
}

func (r *ExportFiles) Finish(ctx context.Context, tn access.Tenant, id int64, key string, size int64, notice string, at time.Time) (bool, error) {
	res, err := r.db.updateIn(ctx, tn, "export_files").
		Set("status = ?, storage_key = ?, file_size = ?, notice = ?, finished_at = ?, rows_done = rows_total",
			string(export.Done), key, size, notice, at.UTC()).
		Where("file_id = ? AND status = ?", id, string(export.Running)).Exec(ctx)
	if err != nil {
		return false, wrapExec("finish export file", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *ExportFiles) Fail(ctx context.Context, tn access.Tenant, id int64, reason string, at time.Time) error {
	_, err := r.db.updateIn(ctx, tn, "export_files").
		Set("status = ?, failure_reason = ?, finished_at = ?", string(export.Failed), reason, at.UTC()).
		Where("file_id = ? AND status IN (?)", id, bun.In([]string{string(export.Queued), string(export.Running)})).Exec(ctx)
	return wrapExec("fail export file", err)
}

func (r *ExportFiles) Delete(ctx context.Context, tn access.Tenant, id int64) error {
	_, err := r.db.deleteIn(ctx, tn, "export_files").Where("file_id = ?", id).Exec(ctx)
	return wrapExec("delete export file", err)
}

// Expired spans organizations on purpose: the retention job sweeps them all.
func (r *ExportFiles) Expired(ctx context.Context, now time.Time, limit int) ([]export.File, error) {
	var rows []exportFileRow
	err := r.db.conn(ctx).NewSelect().Model(&rows).Comment(AllTenants).
		Where("x.expires_at < ?", now.UTC()).OrderExpr("x.expires_at").Limit(limit).Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("expired export files: %w", err)
	}
	out := make([]export.File, len(rows))
	for i, row := range rows {
		if out[i], err = row.file(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func wrapExec(what string, err error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}
