package workbook

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/masters"
)

// Messages of a file that cannot be read (nothing of it is kept).
const (
	MsgNotWorkbook = "XLSXまたはCSVのファイルを選んでください。"
	MsgProtected   = "パスワードで保護されたファイル（または古い形式の.xls）は読み込めません。保護を解除してXLSX形式で保存してください。"
	MsgFormula     = "シート「%s」に数式があります。数式は使えません。値として貼り付けてから保存してください。"
	MsgMerged      = "シート「%s」の見出しに結合したセルがあります。結合を解除してください。"
	MsgNoSheet     = "シート「%s」がありません。ダウンロードしたブックのシート名のまま取り込んでください。"
	MsgNoColumn    = "シート「%s」に列「%s」がありません。"
	MsgUnknownCSV  = "CSVの見出しがどのシートとも一致しません。ダウンロードしたブックのシートの見出しのまま保存してください。"
	MsgTooManyRows = "シート「%s」の行が多すぎます（%d行まで）。"
	MsgBroken      = "ファイルを読み込めませんでした。壊れていないか確認してください。"
	MsgTooBig      = "ファイルが大きすぎます（展開後%dMBまで）。不要なシート・画像・書式を削除するか、行を分けて取り込んでください。"
	MsgLongCell    = "シート「%s」の%d行目に長すぎるセルがあります（1つのセルに%d文字まで）。"
	MsgLongText    = "長すぎるセルがあります（1つのセルに%d文字まで）。"
	MsgTooSlow     = "ファイルの読み込みに時間がかかりすぎるため中止しました。不要な行・列・書式を削除するか、行を分けて取り込んでください。"
)

// MaxRows bounds the rows of one sheet.
const MaxRows = 200000

// MaxCellChars is Excel's own limit of a cell's text: a longer cell
// cannot come from Excel, and is refused with the file.
const MaxCellChars = 32767

var (
	zipMagic = []byte("PK\x03\x04")
	cfbMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1} // encrypted OOXML and .xls
)

// Read reads an uploaded file named name: an XLSX must hold every layout's
// sheet; a CSV is one set, recognised by its header. A file it cannot read
// is a refusal with the reason: one that is neither (a PDF, a picture, a
// text file not named .csv whose first line names no sheet's columns) is
// told to choose an XLSX or a CSV, not to mend headings it never had.
func Read(r io.ReaderAt, size int64, name string, layouts []masters.Layout) (masters.Workbook, error) {
	head := make([]byte, 512)
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	switch {
	case bytes.HasPrefix(head, cfbMagic):
		return nil, failure.InvalidMessage(MsgProtected)
	case bytes.HasPrefix(head, zipMagic):
		return readXLSX(r, size, layouts)
	case !strings.HasPrefix(http.DetectContentType(head), "text/plain"):
		return nil, failure.InvalidMessage(MsgNotWorkbook)
	}
	ext := strings.ToLower(path.Ext(name))
	return readCSV(io.NewSectionReader(r, 0, size), ext == "" || ext == ".csv", layouts)
}

func readXLSX(r io.ReaderAt, size int64, layouts []masters.Layout) (masters.Workbook, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, failure.InvalidMessage(MsgBroken)
	}
	files, err := checkParts(zr)
	if err != nil {
		return nil, err
	}
	if err := scanMeta(files); err != nil {
		return nil, err
	}
	parts, err := sheetParts(files)
	if err != nil {
		return nil, failure.InvalidMessage(MsgNotWorkbook)
	}
	var present []masters.Layout
	for _, l := range layouts {
		if _, ok := parts[l.Sheet]; ok {
			present = append(present, l)
		} else if !l.Optional {
			return nil, failure.InvalidMessage(fmt.Sprintf(MsgNoSheet, l.Sheet))
		}
	}
	// Formulas, merged header cells and overlong cells are found in the
	// sheets' XML as it streams by: excelize's reader gives only values,
	// and would hold an overlong cell in memory whole.
	for _, l := range present {
		part := files[strings.ToLower(parts[l.Sheet])]
		if part == nil {
			return nil, failure.InvalidMessage(MsgBroken)
		}
		if err := scanSheet(part, l.Sheet); err != nil {
			return nil, err
		}
	}
	if err := scanStrings(files[stringsPart]); err != nil {
		return nil, err
	}
	deadline := time.Now().Add(readTime)
	f, err := excelize.OpenReader(io.NewSectionReader(r, 0, size),
		excelize.Options{UnzipSizeLimit: maxInflated, UnzipXMLSizeLimit: inMemoryXML})
	if err != nil {
		return nil, failure.InvalidMessage(MsgBroken)
	}
	defer f.Close()
	wb := masters.Workbook{}
	for _, l := range present {
		rows, err := f.Rows(l.Sheet)
		if err != nil {
			return nil, failure.InvalidMessage(MsgBroken)
		}
		lines, err := readRows(l, func() ([]string, bool, error) {
			if time.Now().After(deadline) {
				return nil, false, failure.InvalidMessage(MsgTooSlow)
			}
			if !rows.Next() {
				return nil, false, rows.Error()
			}
			cells, err := rows.Columns()
			return cells, true, err
		})
		_ = rows.Close()
		if err != nil {
			return nil, err
		}
		wb[l.Set] = lines
	}
	return wb, nil
}

// readRows maps a sheet's header to the layout's columns and reads the
// rows under it; empty rows are skipped, line numbers are the sheet's.
// A cell over Excel's length, or a row past Excel's last, refuses the file.
func readRows(l masters.Layout, next func() ([]string, bool, error)) ([]masters.Line, error) {
	header, ok, err := next()
	if err != nil {
		return nil, readError(err)
	}
	if !ok {
		header = nil
	}
	if longCell(header) {
		return nil, failure.InvalidMessage(fmt.Sprintf(MsgLongCell, l.Sheet, 1, MaxCellChars))
	}
	pos := make([]int, len(l.Columns))
	for i, c := range l.Columns {
		pos[i] = slices.IndexFunc(header, func(h string) bool { return strings.TrimSpace(h) == c.Heading })
		if pos[i] < 0 && !c.Added {
			return nil, failure.InvalidMessage(fmt.Sprintf(MsgNoColumn, l.Sheet, c.Heading))
		}
	}
	lines := []masters.Line{}
	for number := 2; ; number++ {
		cells, ok, err := next()
		if err != nil {
			return nil, readError(err)
		}
		if !ok {
			return lines, nil
		}
		if number > maxSheetRows {
			return nil, failure.InvalidMessage(fmt.Sprintf(MsgTooManyRows, l.Sheet, MaxRows))
		}
		if longCell(cells) {
			return nil, failure.InvalidMessage(fmt.Sprintf(MsgLongCell, l.Sheet, number, MaxCellChars))
		}
		line := masters.Line{Number: number, Cells: make([]string, len(pos))}
		empty := true
		for i, p := range pos {
			if p >= 0 && p < len(cells) { // p < 0: an added column the file predates
				line.Cells[i] = strings.TrimSpace(cells[p])
				empty = empty && line.Cells[i] == ""
			}
		}
		if empty {
			continue
		}
		if len(lines) >= MaxRows {
			return nil, failure.InvalidMessage(fmt.Sprintf(MsgTooManyRows, l.Sheet, MaxRows))
		}
		lines = append(lines, line)
	}
}

// readError is a refusal as it is, any other error the refusal of a broken file.
func readError(err error) error {
	if _, ok := failure.As(err); ok {
		return err
	}
	return failure.InvalidMessage(MsgBroken)
}

// longCell reports whether a cell is over MaxCellChars characters.
func longCell(cells []string) bool {
	return slices.ContainsFunc(cells, func(c string) bool {
		return len(c) > MaxCellChars && utf8.RuneCountInString(c) > MaxCellChars
	})
}

// sheetParts maps sheet names to their XML parts in the ZIP.
func sheetParts(files map[string]*zip.File) (map[string]string, error) {
	var root struct {
		Rels []struct {
			Type   string `xml:"Type,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	var book struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	// excelize finds the workbook through the package's relationships; the
	// parts checked here are xl/workbook.xml's, so it must be that one.
	if files["_rels/.rels"] != nil {
		if err := decodePart(files, "_rels/.rels", &root); err != nil {
			return nil, err
		}
	}
	for _, r := range root.Rels {
		if strings.HasSuffix(r.Type, "/officeDocument") && !strings.EqualFold(strings.TrimPrefix(r.Target, "/"), "xl/workbook.xml") {
			return nil, errors.New("workbook: the workbook part is not xl/workbook.xml")
		}
	}
	if err := decodePart(files, "xl/workbook.xml", &book); err != nil {
		return nil, err
	}
	if err := decodePart(files, "xl/_rels/workbook.xml.rels", &rels); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, s := range book.Sheets {
		for _, r := range rels.Rels {
			if r.ID == s.RID {
				t := strings.TrimPrefix(r.Target, "/")
				if !strings.HasPrefix(t, "xl/") {
					t = path.Join("xl", t)
				}
				out[s.Name] = t
			}
		}
	}
	return out, nil
}

func decodePart(files map[string]*zip.File, name string, v any) error {
	f := files[name]
	if f == nil {
		return fmt.Errorf("workbook: no part %s", name)
	}
	rc, err := openPart(f, maxOther)
	if err != nil {
		return err
	}
	defer rc.Close()
	return xml.NewDecoder(rc).Decode(v)
}

// readCSV reads a CSV; namedCSV says the file was named as one, so a
// header that matches no sheet is told as such.
func readCSV(r io.Reader, namedCSV bool, layouts []masters.Layout) (masters.Workbook, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	if !utf8.Valid(data) {
		if data, err = io.ReadAll(transform.NewReader(bytes.NewReader(data), japanese.ShiftJIS.NewDecoder())); err != nil {
			return nil, failure.InvalidMessage(MsgNotWorkbook)
		}
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, failure.InvalidMessage(MsgNotWorkbook)
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	header, err := cr.Read()
	if err != nil {
		return nil, failure.InvalidMessage(MsgNotWorkbook)
	}
	for _, l := range layouts {
		if !coversHeadings(header, l.Columns) {
			continue
		}
		first := true
		lines, err := readRows(l, func() ([]string, bool, error) {
			if first {
				first = false
				return header, true, nil
			}
			rec, err := cr.Read()
			if errors.Is(err, io.EOF) {
				return nil, false, nil
			}
			return rec, err == nil, err
		})
		if err != nil {
			return nil, err
		}
		return masters.Workbook{l.Set: lines}, nil
	}
	if !namedCSV {
		return nil, failure.InvalidMessage(MsgNotWorkbook)
	}
	return nil, failure.InvalidMessage(MsgUnknownCSV)
}

// coversHeadings says whether header holds every column's heading but
// those of columns added since (Column.Added).
func coversHeadings(header []string, columns []masters.Column) bool {
	for _, c := range columns {
		if !c.Added && !slices.ContainsFunc(header, func(h string) bool { return strings.TrimSpace(h) == c.Heading }) {
			return false
		}
	}
	return true
}

// ExtraCells is how Write's extra column is filled from line numbers.
func ExtraCells(lines []masters.Line, byLine map[int]string) map[int]string {
	out := map[int]string{}
	for i, l := range lines {
		if v, ok := byLine[l.Number]; ok {
			out[i] = v
		}
	}
	return out
}

// Cells are the lines' cells, for writing them back.
func Cells(lines []masters.Line) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = l.Cells
	}
	return out
}
