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
	Type        string // MANUAL, FAQ or NOTICE
	UserID      *int64
	UserAccount string // who uploaded it (filled by lists)
	CreatedAt   time.Time
}
