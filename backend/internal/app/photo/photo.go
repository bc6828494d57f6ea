// Package photo holds uploading and reading the photos stores attach to
// their answers.
package photo

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/app/filestore"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/photo"
)

// Inspected is what the image adapter tells of an upload.
type Inspected struct {
	ContentType   string
	Width, Height int
	Thumbnail     []byte
	Upright       []byte // the photo turned upright, to store instead of the upload; nil to store the upload
}

// Inspector checks an upload by its bytes and makes its thumbnail.
type Inspector interface {
	Inspect(data []byte) (Inspected, error)
}

// Photos stores photo records and counts storage.
type Photos interface {
	Reserve(ctx context.Context, tn access.Tenant, size int64) error
	Create(ctx context.Context, tn access.Tenant, p photo.Photo) (int64, error)
	Get(ctx context.Context, tn access.Tenant, id int64) (photo.Photo, error)
}

// UseCases is the photo use cases.
type UseCases struct {
	tx      background.Transactor
	photos  Photos
	files   filestore.Store
	inspect Inspector
	clock   clock.Clock
}

func New(tx background.Transactor, p Photos, f filestore.Store, i Inspector, c clock.Clock) *UseCases {
	return &UseCases{tx: tx, photos: p, files: f, inspect: i, clock: c}
}

// Upload stores one photo and its thumbnail for the acting organization,
// counted against its storage limit. Nothing is kept when any step fails.
func (u *UseCases) Upload(ctx context.Context, data []byte) (photo.Photo, error) {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return photo.Photo{}, err
	}
	info, err := u.inspect.Inspect(data)
	if err != nil {
		return photo.Photo{}, err
	}
	if info.Upright != nil {
		data = info.Upright
	}
	now := u.clock.Now()
	ext := map[string]string{photo.JPEG: "jpg", photo.PNG: "png"}[info.ContentType]
	base := filestore.OrgKey(p.ActingOrgID, "photos", now.In(clock.Tokyo).Format("2006/01"), fmt.Sprintf("%d-%d", now.UnixNano(), p.UserID))
	ph := photo.Photo{OrganizationID: p.ActingOrgID, StorageKey: base + "." + ext, ThumbnailKey: base + "-thumb.jpg",
		ContentType: info.ContentType, Bytes: int64(len(data) + len(info.Thumbnail)), Width: info.Width, Height: info.Height,
		UploadedBy: p.UserID, CreatedAt: now}
	if _, err := u.files.Put(ctx, ph.StorageKey, bytes.NewReader(data)); err != nil {
		return photo.Photo{}, err
	}
	if _, err := u.files.Put(ctx, ph.ThumbnailKey, bytes.NewReader(info.Thumbnail)); err != nil {
		_ = u.files.Delete(ctx, ph.StorageKey)
		return photo.Photo{}, err
	}
	err = u.tx.InTx(ctx, func(ctx context.Context) error {
		if err := u.photos.Reserve(ctx, p.Tenant(), ph.Bytes); err != nil {
			return err
		}
		ph.ID, err = u.photos.Create(ctx, p.Tenant(), ph)
		return err
	})
	if err != nil {
		_ = u.files.Delete(context.WithoutCancel(ctx), ph.StorageKey)
		_ = u.files.Delete(context.WithoutCancel(ctx), ph.ThumbnailKey)
		return photo.Photo{}, err
	}
	return ph, nil
}

// Open returns one of the acting organization's photos (or its thumbnail).
func (u *UseCases) Open(ctx context.Context, id int64, thumbnail bool) (photo.Photo, io.ReadCloser, error) {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return photo.Photo{}, nil, err
	}
	ph, err := u.photos.Get(ctx, p.Tenant(), id)
	if err != nil {
		return photo.Photo{}, nil, err
	}
	key := ph.StorageKey
	if thumbnail {
		key, ph.ContentType = ph.ThumbnailKey, photo.JPEG
	}
	r, err := u.files.Open(ctx, key)
	return ph, r, err
}
