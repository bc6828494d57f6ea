// Package filestore is the port to where uploaded and generated files live
// (a local directory by default; object storage later).
package filestore

import (
	"context"
	"io"
)

// Store keeps bytes under keys such as "support/3.pdf". Keys use "/" and
// never "..": the adapter refuses anything that could leave its root.
type Store interface {
	Put(ctx context.Context, key string, r io.Reader) (written int64, err error)
	Open(ctx context.Context, key string) (io.ReadCloser, error)
	Delete(ctx context.Context, key string) error
}
