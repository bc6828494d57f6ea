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
	"github.com/rouder/console/internal/domain/photo"
)

// Photos is the photo repository; the bytes live in file storage.
type Photos struct{ db *DB }

func NewPhotos(db *DB) *Photos { return &Photos{db: db} }

// Reserve counts size bytes against the organization's storage, refusing
// (and counting nothing) when that would pass its limit. The check and the
// addition are one statement, so parallel uploads cannot overshoot.
func (r *Photos) Reserve(ctx context.Context, tn access.Tenant, size int64) error {
	res, err := r.db.updateIn(ctx, tn, "organizations").Set("storage_usage = storage_usage + ?", size).
		Where("max_storage_usage <= 0 OR storage_usage + ? <= max_storage_usage", size).Exec(ctx)
	if err != nil {
		return fmt.Errorf("reserve storage: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.Refused(photo.MsgStorageFull)
	}
	return nil
}

// Create records an uploaded photo in the organization.
func (r *Photos) Create(ctx context.Context, tn access.Tenant, p photo.Photo) (int64, error) {
	var id int64
	err := r.db.conn(ctx).NewRaw(`INSERT INTO photos (organization_id, storage_key, thumbnail_key, content_type, byte_size,
		width, height, uploaded_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING photo_id`,
		tn.Org(), p.StorageKey, p.ThumbnailKey, p.ContentType, p.Bytes, p.Width, p.Height, p.UploadedBy, p.CreatedAt.UTC()).
		Scan(ctx, &id)
	if err != nil {
		return 0, fmt.Errorf("record photo: %w", err)
	}
	return id, nil
}

// Get returns one of the organization's photos.
func (r *Photos) Get(ctx context.Context, tn access.Tenant, id int64) (photo.Photo, error) {
	var row struct {
		StorageKey   string    `bun:"storage_key"`
		ThumbnailKey string    `bun:"thumbnail_key"`
		ContentType  string    `bun:"content_type"`
		Bytes        int64     `bun:"byte_size"`
		Width        int       `bun:"width"`
		Height       int       `bun:"height"`
		CreatedAt    time.Time `bun:"created_at"`
	}
	err := r.db.selectIn(ctx, tn, "photos", "p").
		ColumnExpr("p.storage_key, p.thumbnail_key, p.content_type, p.byte_size, p.width, p.height, p.created_at").
		Where("p.photo_id = ?", id).Limit(1).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return photo.Photo{}, failure.NotFound()
	}
	if err != nil {
		return photo.Photo{}, fmt.Errorf("read photo %d: %w", id, err)
	}
	return photo.Photo{ID: id, OrganizationID: tn.Org(), StorageKey: row.StorageKey, ThumbnailKey: row.ThumbnailKey,
		ContentType: row.ContentType, Bytes: row.Bytes, Width: row.Width, Height: row.Height, CreatedAt: row.CreatedAt}, nil
}

// AllExist reports whether every id is a photo of the organization.
func (r *Photos) AllExist(ctx context.Context, tn access.Tenant, ids []int64) (bool, error) {
	ids = unique(ids)
	if len(ids) == 0 {
		return true, nil
	}
	n, err := r.db.selectIn(ctx, tn, "photos", "p").Where("p.photo_id IN (?)", bun.In(ids)).Count(ctx)
	return n == len(ids), err
}
