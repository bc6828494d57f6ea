package sheets

import (
	"archive/zip"
	"fmt"
	"io"
	"time"

	"github.com/xuri/excelize/v2"

	domain "github.com/rouder/console/internal/domain/export"
)

type xlsxSheet struct {
	out    io.Writer
	file   *excelize.File
	sw     *excelize.StreamWriter
	cols   []domain.Column
	styles []int // per column: the date or date-time style, or 0
	row    int
	cells  []any
}

func newXLSX(w io.Writer, title string, cols []domain.Column) (*xlsxSheet, error) {
	f := excelize.NewFile()
	if err := f.SetSheetName("Sheet1", title); err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(title)
	if err != nil {
		return nil, err
	}
	s := &xlsxSheet{out: w, file: f, sw: sw, cols: cols, styles: make([]int, len(cols)), cells: make([]any, len(cols))}
	date, err := f.NewStyle(&excelize.Style{CustomNumFmt: ptr("yyyy/mm/dd")})
	if err != nil {
		return nil, err
	}
	dateTime, err := f.NewStyle(&excelize.Style{CustomNumFmt: ptr("yyyy/mm/dd hh:mm:ss")})
	if err != nil {
		return nil, err
	}
	head, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DDEBF7"}}})
	if err != nil {
		return nil, err
	}
	header := make([]any, len(cols))
	for i, c := range cols {
		switch c.Kind {
		case domain.Date:
			s.styles[i] = date
		case domain.DateTime:
			s.styles[i] = dateTime
		}
		if c.Width > 0 {
			if err := sw.SetColWidth(i+1, i+1, c.Width); err != nil {
				return nil, err
			}
		}
		header[i] = excelize.Cell{StyleID: head, Value: c.Title}
	}
	// The header stays in view while scrolling.
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft",
		Selection: []excelize.Selection{{SQRef: "A2", ActiveCell: "A2", Pane: "bottomLeft"}}}); err != nil {
		return nil, err
	}
	return s, s.write(header)
}

func (s *xlsxSheet) write(cells []any) error {
	s.row++
	cell, err := excelize.CoordinatesToCellName(1, s.row)
	if err != nil {
		return err
	}
	return s.sw.SetRow(cell, cells)
}

// Row writes cells; strings are always string cells (never formulas), so
// text from the public cannot run in the reader's spreadsheet.
func (s *xlsxSheet) Row(cells []any) error {
	if len(cells) != len(s.cols) {
		return fmt.Errorf("sheets: %d cells for %d columns", len(cells), len(s.cols))
	}
	for i, v := range cells {
		switch x := v.(type) {
		case time.Time:
			s.cells[i] = excelize.Cell{StyleID: s.styles[i], Value: tokyoWall(x)}
		case string, int, int64, nil:
			s.cells[i] = x
		default:
			return fmt.Errorf("sheets: no cell for %T", v)
		}
	}
	return s.write(s.cells)
}

// Close writes the workbook. excelize assembles a workbook's ZIP in a
// memory buffer (a million rows is 60 MB there); its zip-writer hook lets
// the ZIP go straight to the output instead, so memory stays flat however
// many rows there are. (The buffer it then hands back is empty.)
func (s *xlsxSheet) Close() (string, error) {
	defer s.file.Close()
	if err := s.sw.Flush(); err != nil {
		return "", err
	}
	s.file.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zip.NewWriter(s.out) })
	_, err := s.file.WriteTo(io.Discard)
	return "", err
}

func ptr[T any](v T) *T { return &v }
