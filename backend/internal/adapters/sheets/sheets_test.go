package sheets

import (
	"bytes"
	"encoding/csv"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/japanese"

	domain "github.com/rouder/console/internal/domain/export"
)

var cols = []domain.Column{{Title: "店舗"}, {Title: "点数", Kind: domain.Number}, {Title: "日", Kind: domain.Date}, {Title: "コメント"}}

func write(t *testing.T, r domain.Request, rows ...[]any) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	s, err := NewWriter().New(&buf, r, "チェック結果", cols)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		if err := s.Row(row); err != nil {
			t.Fatal(err)
		}
	}
	notice, err := s.Close()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), notice
}

var nov1 = time.Date(2026, 11, 1, 0, 0, 0, 0, time.FixedZone("JST", 9*3600))

func TestCSVInUTF8OpensInJapaneseExcel(t *testing.T) {
	out, notice := write(t, domain.Request{FileType: domain.CSV, Encoding: domain.UTF8},
		[]any{"新宿駅前店", 2, nov1, "=1+1"}, []any{"渋谷, 公園通り", nil, nil, "改行\nあり"}, []any{"-", -3, nil, "@SUM(A1)"})
	if notice != "" || !bytes.HasPrefix(out, []byte("\uFEFF")) {
		t.Fatalf("no BOM or a notice %q", notice)
	}
	if bytes.Count(out, []byte("\r\n")) != 5 || bytes.Count(out, []byte("\n")) != 5 { // the line break inside a field too
		t.Errorf("lines do not end in CRLF: %q", out)
	}
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(out, []byte("\uFEFF")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"店舗", "点数", "日", "コメント"}, {"新宿駅前店", "2", "2026/11/01", "'=1+1"}, {"渋谷, 公園通り", "", "", "改行\nあり"}, {"'-", "-3", "", "'@SUM(A1)"}}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: %q, want %q", i, rows[i], want[i])
		}
	}
}

func TestShiftJISMapsWhatCP932SpellsOtherwiseAndReportsIt(t *testing.T) {
	out, notice := write(t, domain.Request{FileType: domain.CSV, Encoding: domain.ShiftJIS},
		[]any{"髙島屋店", 1, nil, "10時〜11時 −5℃ ‖ 🍣🍣"})
	decoded, err := io.ReadAll(japanese.ShiftJIS.NewDecoder().Reader(bytes.NewReader(out)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(decoded), "髙島屋店,1,,10時～11時 －5℃ ∥ ??") {
		t.Errorf("decoded %q", decoded)
	}
	for _, want := range []string{"〜→～（1件）", "−→－（1件）", "‖→∥（1件）", "🍣→?（2件）"} {
		if !strings.Contains(notice, want) {
			t.Errorf("notice %q lacks %q", notice, want)
		}
	}
}

func TestXLSXHasAFrozenHeaderDatesAndNoFormulas(t *testing.T) {
	out, _ := write(t, domain.Request{FileType: domain.XLSX}, []any{"新宿駅前店", 2, nov1, "=HYPERLINK(\"http://x\")"})
	f, err := excelize.OpenReader(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	sheet := f.GetSheetName(0)
	if sheet != "チェック結果" {
		t.Errorf("sheet %q", sheet)
	}
	if v, _ := f.GetCellValue(sheet, "C2"); v != "2026/11/01" {
		t.Errorf("date shown as %q", v)
	}
	if formula, _ := f.GetCellFormula(sheet, "D2"); formula != "" {
		t.Errorf("D2 is a formula %q", formula)
	}
	if v, _ := f.GetCellValue(sheet, "D2"); v != "=HYPERLINK(\"http://x\")" {
		t.Errorf("D2 %q", v)
	}
	if p, _ := f.GetPanes(sheet); !p.Freeze || p.YSplit != 1 {
		t.Errorf("panes %+v", p)
	}
}

func TestARowOfTheWrongWidthIsRefused(t *testing.T) {
	for _, ft := range []domain.FileType{domain.XLSX, domain.CSV} {
		s, err := NewWriter().New(io.Discard, domain.Request{FileType: ft, Encoding: domain.UTF8}, "x", cols)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Row([]any{"only one"}); err == nil {
			t.Errorf("%s wrote a short row", ft)
		}
	}
}
