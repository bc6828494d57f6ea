package support

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/app/filestore"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/support"
)

// AdminFiles stores the manuals for the system administrator's screen.
type AdminFiles interface {
	Add(ctx context.Context, f support.File) (int64, error)
	List(ctx context.Context, p paging.Request) (paging.Page[support.File], error)
	Get(ctx context.Context, id int64) (support.File, error)
	Change(ctx context.Context, id int64, fileType string, published bool) error
	Delete(ctx context.Context, id int64) error
	SetKey(ctx context.Context, id int64, key string) error
}

// Admin is /system/support_file/: the system administrator uploads,
// publishes, unpublishes and deletes the manuals the support dialog lists.
type Admin struct {
	tx    background.Transactor
	files AdminFiles
	store filestore.Store
	clock clock.Clock
}

func NewAdmin(tx background.Transactor, f AdminFiles, s filestore.Store, c clock.Clock) *Admin {
	return &Admin{tx: tx, files: f, store: s, clock: c}
}

func (a *Admin) admin(ctx context.Context) (access.Principal, error) {
	return access.Require(ctx, access.RoleSystemAdmin)
}

// List is a page of every manual, published or not.
func (a *Admin) List(ctx context.Context, p paging.Request) (paging.Page[support.File], error) {
	if _, err := a.admin(ctx); err != nil {
		return paging.Page[support.File]{}, err
	}
	return a.files.List(ctx, p.Normalize())
}

// Upload stores a manual: a PDF, Office file or image whose name and
// content agree, at most support.MaxSize.
func (a *Admin) Upload(ctx context.Context, name, fileType string, published bool, r io.Reader) (support.File, error) {
	p, err := a.admin(ctx)
	if err != nil {
		return support.File{}, err
	}
	if !slices.Contains(support.Types, fileType) {
		return support.File{}, failure.Invalid(map[string]string{"supportFileType": support.MsgType})
	}
	if utf8.RuneCountInString(name) > 200 {
		return support.File{}, failure.Invalid(map[string]string{"file": support.MsgName})
	}
	data, err := io.ReadAll(io.LimitReader(r, support.MaxSize+1))
	if err != nil {
		return support.File{}, fmt.Errorf("read manual: %w", err)
	}
	switch {
	case len(data) == 0:
		return support.File{}, failure.Invalid(map[string]string{"file": support.MsgEmpty})
	case len(data) > support.MaxSize:
		return support.File{}, failure.Invalid(map[string]string{"file": support.MsgTooLarge})
	}
	media := support.MediaType(name, data[:min(len(data), 16)])
	if media == "" {
		return support.File{}, failure.Invalid(map[string]string{"file": support.MsgFileType})
	}
	uid := p.UserID
	f := support.File{FileName: name, ContentType: media, Size: int64(len(data)), Published: published, Type: fileType,
		UserID: &uid, UserAccount: p.Account, CreatedAt: a.clock.Now()}
	err = a.tx.InTx(ctx, func(ctx context.Context) error {
		if f.ID, err = a.files.Add(ctx, f); err != nil {
			return err
		}
		history.NameTarget(ctx, f.ID)
		f.StorageKey = fmt.Sprintf("support/%d%s", f.ID, strings.ToLower(path.Ext(name)))
		if _, err := a.store.Put(ctx, f.StorageKey, bytes.NewReader(data)); err != nil {
			return err
		}
		return a.files.SetKey(ctx, f.ID, f.StorageKey)
	})
	return f, err
}

// Change sets a manual's kind and whether users see it.
func (a *Admin) Change(ctx context.Context, id int64, fileType string, published bool) error {
	if _, err := a.admin(ctx); err != nil {
		return err
	}
	if !slices.Contains(support.Types, fileType) {
		return failure.Invalid(map[string]string{"supportFileType": support.MsgType})
	}
	return a.tx.InTx(ctx, func(ctx context.Context) error { return a.files.Change(ctx, id, fileType, published) })
}

// Delete removes a manual and its bytes.
func (a *Admin) Delete(ctx context.Context, id int64) error {
	if _, err := a.admin(ctx); err != nil {
		return err
	}
	f, err := a.files.Get(ctx, id)
	if err != nil {
		return err
	}
	if err := a.tx.InTx(ctx, func(ctx context.Context) error { return a.files.Delete(ctx, id) }); err != nil {
		return err
	}
	_ = a.store.Delete(ctx, f.StorageKey) // the record is gone; stray bytes are harmless
	return nil
}

// Open returns any manual (published or not) and its bytes for the administrator.
func (a *Admin) Open(ctx context.Context, id int64) (support.File, io.ReadCloser, error) {
	if _, err := a.admin(ctx); err != nil {
		return support.File{}, nil, err
	}
	f, err := a.files.Get(ctx, id)
	if err != nil {
		return f, nil, err
	}
	rc, err := a.store.Open(ctx, f.StorageKey)
	return f, rc, err
}
