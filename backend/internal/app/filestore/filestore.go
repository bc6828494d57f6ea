// Package filestore is the port to where uploaded and generated files live
// (a local directory by default; object storage later).
package filestore

import (
	"context"
	"io"
	"strconv"
	"strings"
)

// Store keeps bytes under keys such as "support/3.pdf". Keys use "/" and
// never "..": the adapter refuses anything that could leave its root.
type Store interface {
	Put(ctx context.Context, key string, r io.Reader) (written int64, err error)
	Open(ctx context.Context, key string) (io.ReadCloser, error)
	Delete(ctx context.Context, key string) error
}

// OrgKey is the key of an organization's file: everything an organization
// stores (photos, exports, reports, bulk-registration files) lives under
// "orgs/<id>/", so a bucket can be read, copied or emptied one organization
// at a time. Only the system's own files (the manuals, "support/…") are not.
func OrgKey(organizationID int64, kind string, rest ...string) string {
	return "orgs/" + strconv.FormatInt(organizationID, 10) + "/" + kind + "/" + strings.Join(rest, "/")
}
