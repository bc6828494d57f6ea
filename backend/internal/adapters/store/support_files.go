package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/support"
)

type supportFileRow struct {
	bun.BaseModel `bun:"table:support_files"`

	FileID      int64     `bun:"file_id,pk,autoincrement"`
	FileName    string    `bun:"file_name,notnull"`
	ContentType string    `bun:"content_type,notnull"`
	FileSize    int64     `bun:"file_size,notnull"`
	StorageKey  string    `bun:"storage_key,notnull"`
	Published   bool      `bun:"published,notnull"`
	Type        string    `bun:"support_file_type,notnull"`
	UserID      *int64    `bun:"user_id"`
	CreatedAt   time.Time `bun:"created_at,notnull"`
}

// supportFileView adds the uploader's account.
type supportFileView struct {
	supportFileRow `bun:",extend"`
	UserAccount    string `bun:"user_account"`
}

// SupportFiles lists the manuals (installation-wide, not per tenant).
type SupportFiles struct{ db *DB }

func NewSupportFiles(db *DB) *SupportFiles { return &SupportFiles{db: db} }

func (r *SupportFiles) Add(ctx context.Context, f support.File) (int64, error) {
	if f.Type == "" {
		f.Type = support.TypeManual
	}
	row := &supportFileRow{FileName: f.FileName, ContentType: f.ContentType, FileSize: f.Size,
		StorageKey: f.StorageKey, Published: f.Published, Type: f.Type, UserID: f.UserID, CreatedAt: f.CreatedAt.UTC()}
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("file_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("add manual: %w", err)
	}
	return row.FileID, nil
}

// Published lists the manuals users may download, newest first.
func (r *SupportFiles) Published(ctx context.Context) ([]support.File, error) {
	var rows []supportFileRow
	if err := r.db.conn(ctx).NewSelect().Model(&rows).Where("published = ?", true).
		OrderExpr("created_at DESC, file_id DESC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list manuals: %w", err)
	}
	out := make([]support.File, len(rows))
	for i, row := range rows {
		out[i] = row.toDomain()
	}
	return out, nil
}

// GetPublished returns one published manual.
func (r *SupportFiles) GetPublished(ctx context.Context, id int64) (support.File, error) {
	var row supportFileRow
	err := r.db.conn(ctx).NewSelect().Model(&row).Where("file_id = ? AND published = ?", id, true).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return support.File{}, failure.NotFound()
	}
	if err != nil {
		return support.File{}, fmt.Errorf("read manual: %w", err)
	}
	return row.toDomain(), nil
}

func (row supportFileRow) toDomain() support.File {
	return support.File{ID: row.FileID, FileName: row.FileName, ContentType: row.ContentType, Size: row.FileSize,
		StorageKey: row.StorageKey, Published: row.Published, Type: row.Type, UserID: row.UserID, CreatedAt: row.CreatedAt}
}

// all is every manual with its uploader's account. Manuals are the
// installation's, not an organization's; the uploader is named whatever
// organization it belongs to, so this read spans them on purpose.
func (r *SupportFiles) all(ctx context.Context) *bun.SelectQuery {
	return r.db.conn(ctx).NewSelect().Comment(AllTenants).TableExpr("support_files AS s").
		ColumnExpr("s.*, COALESCE(u.user_account, '') AS user_account").
		Join("LEFT JOIN users AS u ON u.user_id = s.user_id")
}

// List is a page of every manual, published or not, newest first.
func (r *SupportFiles) List(ctx context.Context, p paging.Request) (paging.Page[support.File], error) {
	p = p.Normalize()
	var rows []supportFileView
	total, err := r.all(ctx).OrderExpr("s.created_at DESC, s.file_id DESC").Limit(p.Size).Offset(p.Offset()).
		ScanAndCount(ctx, &rows)
	if err != nil {
		return paging.Page[support.File]{}, fmt.Errorf("list manuals: %w", err)
	}
	items := make([]support.File, len(rows))
	for i, row := range rows {
		items[i] = row.toDomain()
		items[i].UserAccount = row.UserAccount
	}
	return paging.Page[support.File]{Items: items, Total: total, Request: p}, nil
}

// Get returns one manual, published or not.
func (r *SupportFiles) Get(ctx context.Context, id int64) (support.File, error) {
	var row supportFileView
	err := r.all(ctx).Where("s.file_id = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return support.File{}, failure.NotFound()
	}
	if err != nil {
		return support.File{}, fmt.Errorf("read manual %d: %w", id, err)
	}
	f := row.toDomain()
	f.UserAccount = row.UserAccount
	return f, nil
}

// Change sets a manual's kind and whether users see it.
func (r *SupportFiles) Change(ctx context.Context, id int64, fileType string, published bool) error {
	res, err := r.db.conn(ctx).NewUpdate().Table("support_files").Set("support_file_type = ?", fileType).
		Set("published = ?", published).Where("file_id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("change manual %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

// SetKey records where a manual's bytes are kept (known once its id is).
func (r *SupportFiles) SetKey(ctx context.Context, id int64, key string) error {
	_, err := r.db.conn(ctx).NewUpdate().Table("support_files").Set("storage_key = ?", key).Where("file_id = ?", id).Exec(ctx)
	return err
}

// Delete removes a manual's record (its bytes are the use case's).
func (r *SupportFiles) Delete(ctx context.Context, id int64) error {
	res, err := r.db.conn(ctx).NewDelete().TableExpr("support_files").Where("file_id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete manual %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}
