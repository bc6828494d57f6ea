package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/failure"
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
	UserID      *int64    `bun:"user_id"`
	CreatedAt   time.Time `bun:"created_at,notnull"`
}

// SupportFiles lists the manuals (installation-wide, not per tenant).
type SupportFiles struct{ db *DB }

func NewSupportFiles(db *DB) *SupportFiles { return &SupportFiles{db: db} }

func (r *SupportFiles) Add(ctx context.Context, f support.File) (int64, error) {
	row := &supportFileRow{FileName: f.FileName, ContentType: f.ContentType, FileSize: f.Size,
		StorageKey: f.StorageKey, Published: f.Published, UserID: f.UserID, CreatedAt: f.CreatedAt.UTC()}
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
		StorageKey: row.StorageKey, Published: row.Published, UserID: row.UserID, CreatedAt: row.CreatedAt}
}
