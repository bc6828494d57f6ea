// Package support holds the manuals offered to every user.
package support

import "time"

// File is one downloadable manual.
type File struct {
	ID          int64
	FileName    string
	ContentType string
	Size        int64
	StorageKey  string
	Published   bool
	UserID      *int64
	CreatedAt   time.Time
}
