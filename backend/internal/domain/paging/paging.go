// Package paging holds how lists are cut into pages.
package paging

// Limits on a page (docs/product/constants.md: 10 per page by default).
const (
	DefaultSize = 10
	MaxSize     = 100
	// MaxPage keeps Offset far from overflowing (a page number of 2^63
	// from a hand-written URL); no list the console shows is that long.
	MaxPage = 1_000_000
)

// Request asks for one page; numbers start at 1.
type Request struct {
	Page int
	Size int
}

// Normalize clamps a request to sane values instead of refusing it: a page
// size the console does not offer still gets an answer.
func (r Request) Normalize() Request {
	if r.Size <= 0 {
		r.Size = DefaultSize
	}
	if r.Size > MaxSize {
		r.Size = MaxSize
	}
	if r.Page <= 0 {
		r.Page = 1
	}
	if r.Page > MaxPage {
		r.Page = MaxPage
	}
	return r
}

// Offset is how many rows come before the page.
func (r Request) Offset() int { return (r.Page - 1) * r.Size }

// Page is one page of a list and the size of the whole list.
type Page[T any] struct {
	Items []T
	Total int
	Request
}
