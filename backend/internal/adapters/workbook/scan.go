package workbook

import (
	"archive/zip"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/rouder/console/internal/domain/failure"
)

// A streaming look through a workbook's XML before excelize reads it, to
// refuse what would make excelize take gigabytes or minutes (element
// floods, overlong cells, rows past Excel's last, formulas).

// scanner walks a part's XML markup without tokenizing it (a sheet of
// 200,000 rows is a hundred megabytes or more): text in XML cannot hold a
// raw "<", so every "<" starts markup.
type scanner struct{ r *bufio.Reader }

func newScanner(r io.Reader) scanner { return scanner{bufio.NewReaderSize(r, 64<<10)} }

// next moves past the next "<", answering the bytes that took (the markup
// and text since the previous one); io.EOF at the end.
func (s scanner) next() (int64, error) {
	var n int64
	for {
		b, err := s.r.ReadSlice('<')
		n += int64(len(b))
		if !errors.Is(err, bufio.ErrBufferFull) {
			return n, err
		}
	}
}

// tag is the markup the last "<" starts: its element's local name (any
// prefix dropped; nil if it is not read whole in a few bytes), whether it
// ends the element ("</c>"), and whether it starts an empty one ("<c/>").
func (s scanner) tag() (name []byte, end, empty bool) {
	b, _ := s.r.Peek(64)
	if len(b) > 0 && b[0] == '/' {
		end, b = true, b[1:]
	}
	i := bytes.IndexAny(b, " \t\r\n/>")
	if i <= 0 {
		return nil, end, false
	}
	name = b[:i]
	if j := bytes.LastIndexByte(name, ':'); j >= 0 {
		name = name[j+1:]
	}
	return name, end, b[i] == '/'
}

// eachMarkup opens part f (bounded by limit) and calls fn at each "<" with
// the scanner there and the bytes since the previous one, until the part
// ends or fn refuses.
func eachMarkup(f *zip.File, limit int64, fn func(s scanner, n int64) error) error {
	rc, err := openPart(f, limit)
	if err != nil {
		return failure.InvalidMessage(MsgBroken)
	}
	defer rc.Close()
	s := newScanner(rc)
	for {
		n, err := s.next()
		if errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return partError(err)
		}
		if err := fn(s, n); err != nil {
			return err
		}
	}
}

// scanMeta refuses parts excelize parses whole with more elements (start
// tags) than maxMarkup between them.
func scanMeta(files map[string]*zip.File) error {
	markup := 0
	for _, name := range metaParts {
		f := files[name]
		if f == nil {
			continue
		}
		if err := eachMarkup(f, maxOther, func(s scanner, _ int64) error {
			// Elements are counted, not their end tags or declarations: a
			// cell format with its alignment is two (<xf><alignment/></xf>).
			if name, end, _ := s.tag(); end || (len(name) > 0 && (name[0] == '?' || name[0] == '!')) {
				return nil
			}
			if markup++; markup > maxMarkup {
				return tooBig()
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// scanSheet refuses a sheet with a formula cell, a merged cell in its
// header row, or a cell whose XML is over maxCellXML.
func scanSheet(f *zip.File, sheet string) error {
	inData := false
	row, cells := 0, 0
	cell := int64(-1) // bytes of the cell's XML so far; -1 outside a cell
	return eachMarkup(f, maxInflated, func(s scanner, n int64) error {
		if cell >= 0 {
			if cell += n; cell > maxCellXML {
				return failure.InvalidMessage(fmt.Sprintf(MsgLongCell, sheet, row, MaxCellChars))
			}
		}
		name, end, empty := s.tag()
		switch string(name) {
		case "sheetData":
			inData = !end && !empty
		case "row":
			if inData && !end {
				row, cells = rowNumber(s.r, row), 0
			}
			cell = -1
		case "c":
			if !inData {
				break
			}
			if end {
				cell = -1
				break
			}
			if cell, cells = 0, cells+1; cells > maxRowCells {
				return failure.InvalidMessage(MsgBroken)
			}
		case "f":
			if inData && !end {
				return failure.InvalidMessage(fmt.Sprintf(MsgFormula, sheet))
			}
		case "mergeCell":
			if end {
				break
			}
			tag, err := s.r.ReadSlice('>')
			if err != nil {
				return failure.InvalidMessage(MsgBroken)
			}
			if _, ref, ok := bytes.Cut(tag, []byte(`ref="`)); ok {
				if end := bytes.IndexByte(ref, '"'); end > 0 && headerRange(string(ref[:end])) {
					return failure.InvalidMessage(fmt.Sprintf(MsgMerged, sheet))
				}
			}
		}
		return nil
	})
}

// rowNumber reads a row's start tag for its number (r="…"), the previous
// row's plus one without it.
func rowNumber(r *bufio.Reader, prev int) int {
	tag, err := r.ReadSlice('>')
	for errors.Is(err, bufio.ErrBufferFull) { // an absurd tag: skip it
		_, err = r.ReadSlice('>')
	}
	if i := bytes.Index(tag, []byte(` r="`)); i >= 0 {
		v := tag[i+4:]
		if j := bytes.IndexByte(v, '"'); j > 0 {
			if n, err := strconv.Atoi(string(v[:j])); err == nil {
				return n
			}
		}
	}
	return prev + 1
}

// scanStrings refuses a shared string table with more than maxStrings
// items or an item whose XML is over maxCellXML (which sheet uses it is
// not known here).
func scanStrings(f *zip.File) error {
	if f == nil {
		return nil
	}
	count := 0
	item := int64(-1) // bytes of the item's XML so far; -1 outside one
	return eachMarkup(f, maxInflated, func(s scanner, n int64) error {
		if item >= 0 {
			if item += n; item > maxCellXML {
				return failure.InvalidMessage(fmt.Sprintf(MsgLongText, MaxCellChars))
			}
		}
		if name, end, empty := s.tag(); string(name) == "si" {
			item = -1
			if !end {
				if count++; count > maxStrings {
					return tooBig()
				}
				if !empty {
					item = 0
				}
			}
		}
		return nil
	})
}

// headerRange reports whether a range like "A1:C1" starts in row 1.
func headerRange(ref string) bool {
	start, _, _ := strings.Cut(ref, ":")
	_, row, err := excelize.CellNameToCoordinates(start)
	return err == nil && row == 1
}
