// Package support offers the manuals to signed-in users.
package support

import (
	"context"
	"io"

	"github.com/rouder/console/internal/app/filestore"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/support"
)

// Files lists the manuals.
type Files interface {
	Published(ctx context.Context) ([]support.File, error)
	GetPublished(ctx context.Context, id int64) (support.File, error)
}

// Manuals is the manual use cases.
type Manuals struct {
	files Files
	store filestore.Store
}

func NewManuals(f Files, s filestore.Store) *Manuals { return &Manuals{files: f, store: s} }

// List returns the published manuals; any signed-in user may see them.
func (m *Manuals) List(ctx context.Context) ([]support.File, error) {
	if _, err := access.PrincipalFrom(ctx); err != nil {
		return nil, err
	}
	return m.files.Published(ctx)
}

// Open returns one manual and its bytes; the caller closes them.
func (m *Manuals) Open(ctx context.Context, id int64) (support.File, io.ReadCloser, error) {
	if _, err := access.PrincipalFrom(ctx); err != nil {
		return support.File{}, nil, err
	}
	f, err := m.files.GetPublished(ctx, id)
	if err != nil {
		return support.File{}, nil, err
	}
	r, err := m.store.Open(ctx, f.StorageKey)
	if err != nil {
		return support.File{}, nil, err
	}
	return f, r, nil
}
