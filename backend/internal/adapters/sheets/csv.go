package sheets

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"

	domain "github.com/rouder/console/internal/domain/export"
)

type csvSheet struct {
	buf  *bufio.Writer
	w    *csv.Writer
	cols []domain.Column
	sjis *sjisFolder
	rec  []string
}

func newCSV(w io.Writer, shiftJIS bool, cols []domain.Column) (*csvSheet, error) {
	s := &csvSheet{buf: bufio.NewWriterSize(w, 64<<10), cols: cols, rec: make([]string, len(cols))}
	if shiftJIS {
		s.sjis = newSJISFolder()
	} else if _, err := s.buf.WriteString("\uFEFF"); err != nil { // the BOM tells Excel it is UTF-8
		return nil, err
	}
	s.w = csv.NewWriter(s.buf)
	s.w.UseCRLF = true
	header := make([]any, len(cols))
	for i, c := range cols {
		header[i] = c.Title
	}
	return s, s.write(header, true)
}

func (s *csvSheet) Row(cells []any) error { return s.write(cells, false) }

func (s *csvSheet) write(cells []any, header bool) error {
	if len(cells) != len(s.cols) {
		return fmt.Errorf("sheets: %d cells for %d columns", len(cells), len(s.cols))
	}
	for i, v := range cells {
		kind := s.cols[i].Kind
		if header {
			kind = domain.Text
		}
		t, err := text(v, kind)
		if err != nil {
			return err
		}
		if _, isString := v.(string); isString && dangerous(t) {
			t = "'" + t // Excel shows the text and never evaluates it
		}
		if s.sjis != nil {
			t = s.sjis.encode(t)
		}
		s.rec[i] = t
	}
	return s.w.Write(s.rec)
}

func (s *csvSheet) Close() (string, error) {
	s.w.Flush()
	if err := s.w.Error(); err != nil {
		return "", err
	}
	if err := s.buf.Flush(); err != nil {
		return "", err
	}
	if s.sjis == nil {
		return "", nil
	}
	return s.sjis.notice(), nil
}

// cp932Equivalents are the characters whose JIS form CP932 spells with
// another code point (the well-known "wave dash" family): same glyph, so
// they are mapped, not lost, and still reported.
var cp932Equivalents = map[rune]rune{
	'\u301C': '\uFF5E', // 〜 WAVE DASH → ～
	'\u2212': '\uFF0D', // − MINUS SIGN → －
	'\u2016': '\u2225', // ‖ DOUBLE VERTICAL LINE → ∥
	'\u2014': '\u2015', // — EM DASH → ―
	'\u00A2': '\uFFE0', // ¢ → ￠
	'\u00A3': '\uFFE1', // £ → ￡
	'\u00AC': '\uFFE2', // ¬ → ￢
	'\u00A6': '\uFFE4', // ¦ → ￤
}

// sjisFolder encodes text to Shift_JIS (CP932), replacing what it lacks
// (equivalents above; anything else, such as emoji, by "?") and counting
// each replacement for the file's notice.
type sjisFolder struct {
	enc      *encoding.Encoder
	replaced map[string]int // "〜→～" → times
}

func newSJISFolder() *sjisFolder {
	return &sjisFolder{enc: japanese.ShiftJIS.NewEncoder(), replaced: map[string]int{}}
}

// encode returns s as Shift_JIS bytes in a Go string (the CSV writer
// quotes on ASCII characters only, which Shift_JIS keeps as they are).
func (f *sjisFolder) encode(s string) string {
	if isASCII(s) {
		return s
	}
	if out, err := f.enc.String(s); err == nil {
		return out
	}
	var b strings.Builder
	for _, r := range s {
		if out, err := f.enc.String(string(r)); err == nil {
			b.WriteString(out)
			continue
		}
		to := "?"
		if eq, ok := cp932Equivalents[r]; ok {
			if out, err := f.enc.String(string(eq)); err == nil {
				b.WriteString(out)
				f.replaced[string(r)+"→"+string(eq)]++
				continue
			}
		}
		b.WriteString(to)
		f.replaced[string(r)+"→"+to]++
	}
	return b.String()
}

func (f *sjisFolder) notice() string {
	if len(f.replaced) == 0 {
		return ""
	}
	keys := make([]string, 0, len(f.replaced))
	for k := range f.replaced {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s（%d件）", k, f.replaced[k])
	}
	return "Shift_JISにない文字を置き換えました：" + strings.Join(parts, "、")
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
