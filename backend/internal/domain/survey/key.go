package survey

import (
	"crypto/rand"
	"encoding/base64"
	"regexp"
)

// NewKey makes a store's answer key: 24 random bytes, URL-safe base64
// (32 characters), never guessable.
func NewKey() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}

// NewBrowserToken makes the token the answer page's cookie holds.
func NewBrowserToken() string { return NewKey() }

var tokenPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,64}$`)

// ValidToken reports whether a browser token or idempotency key has a sane
// shape (it is only ever compared, never trusted further).
func ValidToken(s string) bool { return tokenPattern.MatchString(s) }
