// Package workbook reads and writes the bulk master registration workbook
// (domain/masters): an XLSX with one sheet per set, drop-down lists where
// a column has fixed values and an explanation sheet; or, on upload, one
// CSV per set in UTF-8 (with or without BOM) or Shift_JIS. Both ways
// stream rows, so a workbook of 60,000 rows needs little memory.
package workbook

import (
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/rouder/console/internal/domain/masters"
)

// maxValidatedRows is how far down a drop-down list reaches.
const maxValidatedRows = 100000

// ErrorHeading is the heading of the preview's error column.
const ErrorHeading = "エラー"

// extra is a column added after a layout's (the preview's error column).
type extra struct {
	Heading string
	Cells   map[int]string // by row position (0 = first row under the header)
}

// Files is the workbook adapter (app/masterimport.Workbooks).
type Files struct{}

func (Files) Read(r io.ReaderAt, size int64, name string, layouts []masters.Layout) (masters.Workbook, error) {
	return Read(r, size, name, layouts)
}

func (Files) Write(w io.Writer, layouts []masters.Layout, rows map[masters.Set][][]string, errors map[masters.Set]map[int]string) error {
	return Write(w, layouts, rows, errors)
}

func (Files) WriteTable(w io.Writer, sheet string, headings []string, rows [][]string) error {
	return WriteTable(w, sheet, headings, rows)
}

// Write writes the workbook: the explanation sheet, then one sheet per
// layout with rows[set] under its header. With errors (the preview), each
// sheet ends with an error column holding errors[set][row position].
func Write(w io.Writer, layouts []masters.Layout, rows map[masters.Set][][]string, errors map[masters.Set]map[int]string) error {
	f := excelize.NewFile()
	defer f.Close()
	head, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DDEBF7"}}})
	if err != nil {
		return err
	}
	text, err := f.NewStyle(&excelize.Style{NumFmt: 49}) // "@": typed values stay text (ids, phone numbers)
	if err != nil {
		return err
	}
	first := masters.ExplanationSheet()
	if err := f.SetSheetName("Sheet1", first); err != nil {
		return err
	}
	if err := writeExplanation(f, first, layouts, head); err != nil {
		return err
	}
	for _, l := range layouts {
		if _, err := f.NewSheet(l.Sheet); err != nil {
			return err
		}
		var x extra
		if errors != nil {
			x = extra{Heading: ErrorHeading, Cells: errors[l.Set]}
		}
		if err := writeSheet(f, l, rows[l.Set], x, head, text); err != nil {
			return fmt.Errorf("sheet %s: %w", l.Sheet, err)
		}
	}
	_, err = f.WriteTo(w)
	return err
}

func writeExplanation(f *excelize.File, sheet string, layouts []masters.Layout, head int) error {
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	if err := sw.SetColWidth(1, 2, 22); err != nil {
		return err
	}
	if err := sw.SetColWidth(3, 3, 90); err != nil {
		return err
	}
	for i, r := range masters.Explanation(layouts) {
		cells := make([]any, len(r))
		for j, c := range r {
			cells[j] = c
			if i == 0 || (len(r) == 3 && r[0] == "シート") {
				cells[j] = excelize.Cell{StyleID: head, Value: c}
			}
		}
		name, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(name, cells); err != nil {
			return err
		}
	}
	return sw.Flush()
}

func writeSheet(f *excelize.File, l masters.Layout, rows [][]string, extra extra, head, text int) error {
	// Drop-downs belong to the worksheet, which the stream writer writes
	// out when it is flushed; so they are set before streaming starts.
	for i, c := range l.Columns {
		if len(c.Choices) == 0 {
			continue
		}
		col, _ := excelize.ColumnNumberToName(i + 1)
		dv := excelize.NewDataValidation(true)
		dv.SetSqref(fmt.Sprintf("%s2:%s%d", col, col, maxValidatedRows))
		if err := dv.SetDropList(c.Choices); err != nil {
			return err
		}
		dv.SetError(excelize.DataValidationErrorStyleStop, c.Heading, "一覧から選んでください: "+strings.Join(c.Choices, "、"))
		if err := f.AddDataValidation(l.Sheet, dv); err != nil {
			return err
		}
	}
	sw, err := f.NewStreamWriter(l.Sheet)
	if err != nil {
		return err
	}
	n := len(l.Columns)
	if extra.Heading != "" {
		n++
	}
	for i := 1; i <= n; i++ {
		width := 16.0
		if i > len(l.Columns) {
			width = 60
		}
		if err := sw.SetColWidth(i, i, width); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft",
		Selection: []excelize.Selection{{SQRef: "A2", ActiveCell: "A2", Pane: "bottomLeft"}}}); err != nil {
		return err
	}
	header := make([]any, 0, n)
	for _, h := range l.Headings() {
		header = append(header, excelize.Cell{StyleID: head, Value: h})
	}
	if extra.Heading != "" {
		header = append(header, excelize.Cell{StyleID: head, Value: extra.Heading})
	}
	if err := sw.SetRow("A1", header, excelize.RowOpts{Height: 20}); err != nil {
		return err
	}
	cells := make([]any, n)
	for i, r := range rows {
		for j := range cells {
			v := ""
			switch {
			case j < len(r) && j < len(l.Columns):
				v = r[j]
			case j == len(l.Columns):
				v = extra.Cells[i]
			}
			// Always a string cell: text from a sheet never becomes a formula.
			cells[j] = excelize.Cell{StyleID: text, Value: v}
		}
		name, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(name, cells); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// WriteTable writes one plain sheet (the initial passwords).
func WriteTable(w io.Writer, sheet string, headings []string, rows [][]string) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	head, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	l := masters.Layout{Sheet: sheet}
	for _, h := range headings {
		l.Columns = append(l.Columns, masters.Column{Heading: h})
	}
	text, err := f.NewStyle(&excelize.Style{NumFmt: 49})
	if err != nil {
		return err
	}
	if err := writeSheet(f, l, rows, extra{}, head, text); err != nil {
		return err
	}
	_, err = f.WriteTo(w)
	return err
}
