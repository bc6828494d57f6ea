package pdf

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/report"
)

// pdfText extracts a PDF's text with poppler's pdftotext (a missing tool
// fails the test: .ci/run installs poppler-utils).
func pdfText(t *testing.T, data []byte) string {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "r.pdf")
	if err := os.WriteFile(in, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (install poppler-utils): %v", err)
	}
	return string(out)
}

func jpegOf(t *testing.T, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for x := 0; x < 320; x++ {
		for y := 0; y < 240; y++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestBasicReportDrawsJapaneseTablesAndPhotos(t *testing.T) {
	tokyo := time.FixedZone("JST", 9*3600)
	stores := []report.StoreResult{}
	for i, name := range []string{"新宿駅前店", "渋谷公園通り店", "横浜港北店"} {
		s := report.StoreResult{SheetRow: report.SheetRow{FacilityID: int64(i + 1), FacilityName: name, Score: 80 - i*15, Possible: 100,
			Answered: 50, Total: 50, Submitted: i != 2}, Group: "本部 > 東日本エリア > 関東ブロック"}
		s.Categories = []report.CategoryScore{{Name: "清掃", Score: 40, Possible: 50, Rate: 80}, {Name: "接客", Score: 40 - i*15, Possible: 50, Rate: float64(80 - i*30)}}
		s.BadItems = []report.AnswerRow{{Category: "清掃", Question: "入口マットは整っているか", Choice: "×", Comment: "端がめくれていた。交換を手配済み"}}
		s.Photos = []report.PhotoPair{{Question: "入口マットは整っているか", Choice: "×", Current: &report.Photo{ID: 1}, Previous: &report.Photo{ID: 2}},
			{Question: "看板の照明", Choice: "△", Current: &report.Photo{ID: 3}}}
		stores = append(stores, s)
	}
	avg := 71.5
	r := report.BasicReport{Organization: "デモ株式会社", CheckList: "月次 店舗衛生点検",
		PeriodFrom: time.Date(2026, 11, 1, 0, 0, 0, 0, tokyo), PeriodTo: time.Date(2026, 11, 30, 0, 0, 0, 0, tokyo),
		MadeBy: "demoadmin", MadeAt: time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC),
		Request: report.Request{Type: report.Basic, IncludeRank: true, IncludeCriteria: true},
		Stores:  report.RankStores(stores, nil, report.DefaultRanks), Unanswered: []string{"盛岡南店"},
		Criteria:   []report.AnswerRow{{Category: "清掃", Question: "入口マットは整っているか", Explanation: "めくれ・汚れがないこと"}},
		AllAverage: &avg, AllCount: 12}
	photo := jpegOf(t, color.RGBA{0x40, 0x80, 0xc0, 0xff})
	var out bytes.Buffer
	steps := 0
	err := NewRenderer("").Basic(&out, r, func(p report.Photo) []byte {
		if p.ID == 2 {
			return nil // a photo whose bytes are gone
		}
		return photo
	}, func() error { steps++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if steps != 3 {
		t.Errorf("%d steps, want one per store", steps)
	}
	if dir := os.Getenv("REPORT_SAMPLE_DIR"); dir != "" { // to look at the layout: pdftoppm -png
		_ = os.WriteFile(filepath.Join(dir, "basic-sample.pdf"), out.Bytes(), 0o600)
	}
	text := pdfText(t, out.Bytes())
	for _, want := range []string{"基本レポート", "月次 店舗衛生点検", "デモ株式会社", "2026/11/01〜2026/11/30", "店舗別サマリー",
		"新宿駅前店", "渋谷公園通り店", "横浜港北店", "80.0%", "65.0%", "ランク", "全店舗平均 71.5%", "全12店舗中",
		"評価の低かった項目", "端がめくれていた。交換を手配済み", "写真比較", "写真なし", "チェック項目と基準", "めくれ・汚れがないこと",
		"盛岡南店", "提出済", "回答中"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	if strings.ContainsRune(text, '\uFFFD') {
		t.Error("the PDF has characters without glyphs")
	}
	// The sample's three photos of each store are placed as images.
	if n := bytes.Count(out.Bytes(), []byte("/Subtype /Image")); n < 1 {
		t.Errorf("%d images in the PDF", n)
	}
}

// Without a font the report fails with a message a person can act on,
// never with a PDF of empty boxes.
func TestAReportWithoutAFontSaysSo(t *testing.T) {
	if len(embeddedFont) > 0 {
		t.Log("this binary embeds the font; the missing case is the plain build's")
		return
	}
	r := NewRenderer(filepath.Join(t.TempDir(), "missing.ttf"))
	if ok, _ := r.FontAvailable(); ok {
		t.Fatal("a missing font is available")
	}
	err := r.Survey(io.Discard, report.SurveyReport{})
	if err == nil || err.Error() != MsgNoFont {
		t.Errorf("got %v, want %q", err, MsgNoFont)
	}
}
