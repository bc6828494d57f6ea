// Package sheets writes export rows as XLSX (excelize's stream writer: rows
// go to disk as they come, so memory stays flat) or as CSV that Japanese
// Excel opens correctly (UTF-8 with a BOM and CRLF, or Shift_JIS).
package sheets

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/rouder/console/internal/app/export"
	"github.com/rouder/console/internal/domain/clock"
	domain "github.com/rouder/console/internal/domain/export"
)

// Writer makes sheets in the format a request asks for.
type Writer struct{}

func NewWriter() *Writer { return &Writer{} }

// New starts a sheet titled title with cols as its header row.
func (Writer) New(w io.Writer, r domain.Request, title string, cols []domain.Column) (export.Sheet, error) {
	if r.FileType == domain.CSV {
		return newCSV(w, r.Encoding == domain.ShiftJIS, cols)
	}
	return newXLSX(w, title, cols)
}

var _ export.Sheets = Writer{}

// tokyoWall is t's Tokyo wall-clock time labelled UTC: a sheet shows Tokyo
// times whatever zone its reader's machine is in.
func tokyoWall(t time.Time) time.Time {
	t = t.In(clock.Tokyo)
	y, m, d := t.Date()
	h, mi, s := t.Clock()
	return time.Date(y, m, d, h, mi, s, 0, time.UTC)
}

// text is a cell as CSV writes it.
func text(v any, kind domain.CellKind) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case int:
		return strconv.Itoa(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case time.Time:
		if kind == domain.Date {
			return tokyoWall(x).Format("2006/01/02"), nil
		}
		return tokyoWall(x).Format("2006/01/02 15:04:05"), nil
	}
	return "", fmt.Errorf("sheets: no cell for %T", v)
}

// dangerous reports whether a spreadsheet would read s as a formula (or a
// DDE call): text from the public must stay text.
func dangerous(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}
