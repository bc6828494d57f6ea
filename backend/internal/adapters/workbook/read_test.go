package workbook

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/masters"
)

var testLayouts = masters.Layouts(masters.Labels{ExternalDataID: "外部ID", ExternalDataValue: "外部値"})

// groupsPart is the グループ sheet's part in a workbook Write makes.
const groupsPart = "xl/worksheets/sheet4.xml"

// template is a workbook as the console writes it, with one group row.
func template(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	rows := map[masters.Set][][]string{masters.SetGroups: {{"", "", "本部", "ホンブ", "HQ"}}}
	if err := Write(&buf, testLayouts, rows, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(partOf(t, buf.Bytes(), groupsPart)), "グループID") {
		t.Fatalf("%s is not the グループ sheet", groupsPart)
	}
	return buf.Bytes()
}

func partOf(t *testing.T, data []byte, name string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	rc, err := zr.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// part is a ZIP entry to write: its content from write, and a declared
// unpacked size when it is to lie about it (0: the truth).
type part struct {
	write    func(w io.Writer)
	declared uint64
}

func text(s string) part { return part{write: func(w io.Writer) { _, _ = io.WriteString(w, s) }} }

// repeated is n copies of s, streamed (what a bomb unpacks to).
func repeated(s string, n int) part {
	return part{write: func(w io.Writer) {
		chunk := strings.Repeat(s, max(1, (64<<10)/len(s)))
		per := len(chunk) / len(s)
		for ; n >= per; n -= per {
			_, _ = io.WriteString(w, chunk)
		}
		_, _ = io.WriteString(w, strings.Repeat(s, n))
	}}
}

// rezip copies data's parts, those in parts replaced (or added), in order;
// a part whose content is nil is copied twice (a duplicate name).
func rezip(t *testing.T, data []byte, parts map[string]part) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	done := map[string]bool{}
	put := func(name string, p part) {
		if p.declared == 0 {
			w, err := zw.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			p.write(w)
			return
		}
		// A header that lies: the part unpacks to more than it declares.
		var raw, plain bytes.Buffer
		p.write(&plain)
		fw, _ := flate.NewWriter(&raw, flate.BestSpeed)
		_, _ = fw.Write(plain.Bytes())
		_ = fw.Close()
		w, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(plain.Bytes()),
			CompressedSize64: uint64(raw.Len()), UncompressedSize64: p.declared})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(raw.Bytes())
	}
	for _, f := range zr.File {
		p, ok := parts[f.Name]
		switch {
		case !ok:
			w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate})
			if err != nil {
				t.Fatal(err)
			}
			rc, _ := f.Open()
			_, _ = io.Copy(w, rc)
			_ = rc.Close()
		case p.write == nil:
			put(f.Name, text(string(partOf(t, data, f.Name))))
			put(strings.ToUpper(f.Name), text(string(partOf(t, data, f.Name))))
		default:
			put(f.Name, p)
		}
		done[f.Name] = true
	}
	for name, p := range parts {
		if !done[name] {
			put(name, p)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// sheet is a グループ sheet: the header, then rows (the XML between <sheetData> and </sheetData>).
func sheet(rows part) part {
	return part{write: func(w io.Writer) {
		_, _ = io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">`)
		for i, h := range masters.LayoutOf(testLayouts, masters.SetGroups).Headings() {
			_, _ = fmt.Fprintf(w, `<c r="%c1" t="inlineStr"><is><t>%s</t></is></c>`, 'A'+i, h)
		}
		_, _ = io.WriteString(w, `</row>`)
		rows.write(w)
		_, _ = io.WriteString(w, `</sheetData></worksheet>`)
	}}
}

// zeros is a ZIP part of 300 MB of zeros (about 300 KB packed), made once.
var zeros = sync.OnceValue(func() []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("zeros")
	zero := make([]byte, 1<<20)
	for range 300 {
		_, _ = w.Write(zero)
	}
	_ = zw.Close()
	return buf.Bytes()
})

// withZeros adds the 300 MB part to data as name (copied packed as it is).
func withZeros(t *testing.T, data []byte, name string) []byte {
	t.Helper()
	z := zeros()
	zr, _ := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	src, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range src.File {
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	h := zr.File[0].FileHeader
	h.Name = name
	w, err := zw.CreateRaw(&h)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := zr.File[0].OpenRaw()
	_, _ = io.Copy(w, raw)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// refusal reads data and answers the refusal's message, failing the test
// when the file is read or the read allocates more than 64 MB in all (the
// bombs unpack to hundreds of megabytes or more).
func refusal(t *testing.T, data []byte) string {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	msg := refused(t, data)
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("refusing %q allocated %d MB", msg, alloc>>20)
	}
	return msg
}

// refused reads data and answers the refusal's message.
func refused(t *testing.T, data []byte) string {
	t.Helper()
	_, err := Read(bytes.NewReader(data), int64(len(data)), "", testLayouts)
	f, ok := failure.As(err)
	if !ok || f.Kind != failure.KindInvalid {
		t.Fatalf("not refused: %v", err)
	}
	return f.Message
}

func TestTheTemplateReads(t *testing.T) {
	data := template(t)
	wb, err := Read(bytes.NewReader(data), int64(len(data)), "", testLayouts)
	if err != nil {
		t.Fatal(err)
	}
	if got := wb[masters.SetGroups]; len(got) != 1 || got[0].Number != 2 || got[0].Cells[2] != "本部" {
		t.Fatalf("groups: %+v", got)
	}
}

// A workbook is a ZIP, which may unpack to far more than it weighs: what
// it unpacks to is bounded before anything is unpacked, by the sizes the
// ZIP declares (and a part that unpacks past its declared size is
// broken), so a bomb is refused at once with a message that says so.
func TestZipBombsAreRefusedBeforeTheyUnpack(t *testing.T) {
	good := template(t)
	tooBig := "ファイルが大きすぎます（展開後256MBまで）。不要なシート・画像・書式を削除するか、行を分けて取り込んでください。"
	many := map[string]part{}
	for i := range maxParts {
		many[fmt.Sprintf("customXml/item%d.xml", i)] = text("<a/>")
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"a picture of 300 MB", withZeros(t, good, "xl/media/image1.png"), tooBig},
		{"a sheet of 300 MB", withZeros(t, good, "xl/worksheets/sheet99.xml"), tooBig},
		{"parts besides sheets over 32 MB", rezip(t, good, map[string]part{"docProps/custom.xml": repeated(" ", 33<<20)}), tooBig},
		{"a part unpacking past its declared size", rezip(t, good, map[string]part{groupsPart: {write: sheet(repeated(`<row/>`, 1000)).write, declared: 100}}), MsgBroken},
		{"a part named twice", rezip(t, good, map[string]part{"xl/styles.xml": {}}), MsgBroken},
		{"too many parts", rezip(t, good, many), tooBig},
		{"styles of 600,000 elements", rezip(t, good, map[string]part{"xl/styles.xml": repeated("<xf/>", 600_000)}), tooBig},
		{"shared strings of 2,100,000 items", rezip(t, good, map[string]part{"xl/sharedStrings.xml": repeated("<si/>", 2_100_000)}), tooBig},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := refusal(t, c.data); got != c.want {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
}

// A cell holds at most Excel's 32,767 characters: a longer one is refused
// with the file, and one whose XML is huge before excelize would hold it
// in memory.
func TestOverlongCellsAreRefused(t *testing.T) {
	good := template(t)
	long := strings.Repeat("あ", MaxCellChars+1)
	huge := strings.Repeat("x", 2<<20)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"a cell one character over", rezip(t, good, map[string]part{groupsPart: sheet(text(
			`<row r="2"><c r="C2" t="inlineStr"><is><t>本部</t></is></c></row><row r="3"><c r="C3" t="inlineStr"><is><t>` + long + `</t></is></c></row>`))}),
			"シート「グループ」の3行目に長すぎるセルがあります（1つのセルに32767文字まで）。"},
		{"a cell of 2 MB", rezip(t, good, map[string]part{groupsPart: sheet(text(`<row r="7"><c r="C7" t="inlineStr"><is><t>` + huge + `</t></is></c></row>`))}),
			"シート「グループ」の7行目に長すぎるセルがあります（1つのセルに32767文字まで）。"},
		{"a cell of 2 MB in many runs", rezip(t, good, map[string]part{groupsPart: sheet(part{write: func(w io.Writer) {
			_, _ = io.WriteString(w, `<row><c t="inlineStr"><is>`)
			repeated("<r><t>x</t></r>", 200_000).write(w)
			_, _ = io.WriteString(w, `</is></c></row>`)
		}})}), "シート「グループ」の2行目に長すぎるセルがあります（1つのセルに32767文字まで）。"},
		{"a header cell", rezip(t, good, map[string]part{groupsPart: text(`<worksheet><sheetData><row><c t="inlineStr"><is><t>` + long + `</t></is></c></row></sheetData></worksheet>`)}),
			"シート「グループ」の1行目に長すぎるセルがあります（1つのセルに32767文字まで）。"},
		{"a shared string of 2 MB", rezip(t, good, map[string]part{"xl/sharedStrings.xml": text(`<sst><si><t>` + huge + `</t></si></sst>`)}),
			"長すぎるセルがあります（1つのセルに32767文字まで）。"},
		{"a CSV cell", []byte("グループID,親グループ,グループ名,グループ名カナ,JKコード\r\n,,本部,,\r\n,," + long + ",,\r\n"),
			"シート「グループ」の3行目に長すぎるセルがあります（1つのセルに32767文字まで）。"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := refusal(t, c.data); got != c.want {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
	// Excel's own limit itself is read.
	data := rezip(t, good, map[string]part{groupsPart: sheet(text(`<row r="2"><c r="C2" t="inlineStr"><is><t>` + long[:len(long)-len("あ")] + `</t></is></c></row>`))})
	wb, err := Read(bytes.NewReader(data), int64(len(data)), "", testLayouts)
	if err != nil || len(wb[masters.SetGroups]) != 1 {
		t.Fatalf("a cell of 32,767 characters: %v", err)
	}
}

// Rows are read up to Excel's last, empty or not, a row's cells up to
// Excel's last column; and reading stops after readTime whatever a sheet
// holds (excelize formats every styled cell, some formats slowly). Rows
// stream by: what reading them allocates is garbage at once, not asserted.
func TestReadingIsBoundedWhateverTheRows(t *testing.T) {
	good := template(t)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"a million empty rows", rezip(t, good, map[string]part{groupsPart: sheet(repeated("<row/>", maxSheetRows))}),
			"シート「グループ」の行が多すぎます（200000行まで）。"},
		{"a row past Excel's last", rezip(t, good, map[string]part{groupsPart: sheet(text(`<row r="1048577"><c t="inlineStr"><is><t>x</t></is></c></row>`))}),
			MsgBroken},
		{"a row of 16,385 cells", rezip(t, good, map[string]part{groupsPart: sheet(part{write: func(w io.Writer) {
			_, _ = io.WriteString(w, `<row>`)
			repeated(`<c s="1"/>`, maxRowCells+1).write(w)
			_, _ = io.WriteString(w, `</row>`)
		}})}), MsgBroken},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := refused(t, c.data); got != c.want {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
	defer func(d time.Duration) { readTime = d }(readTime)
	readTime = 0
	if got := refused(t, good); got != MsgTooSlow {
		t.Errorf("past readTime: %q", got)
	}
}

// The element bound counts start tags: a styles.xml at Excel's own limit of
// 64,000 cell formats and as many style formats, each with its alignment,
// with as many named styles and 20,000 fonts, passes (its tags, end tags
// included, are over the bound); the 600,000 elements of a flood do not.
func TestScanMetaCountsElementsNotTags(t *testing.T) {
	t.Parallel()
	styles := func(body string) map[string]*zip.File {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, _ := zw.Create("xl/styles.xml")
		_, _ = io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet>`+body+`</styleSheet>`)
		_ = zw.Close()
		zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		return map[string]*zip.File{"xl/styles.xml": zr.File[0]}
	}
	real := `<fonts count="20000">` + strings.Repeat(`<font><sz val="11"/><name val="Meiryo UI"/></font>`, 20_000) + `</fonts>` +
		`<cellStyleXfs count="64000">` + strings.Repeat(`<xf numFmtId="0" fontId="0"><alignment vertical="center"/></xf>`, 64_000) + `</cellStyleXfs>` +
		`<cellXfs count="64000">` + strings.Repeat(`<xf numFmtId="0" fontId="0"><alignment vertical="center"/></xf>`, 64_000) + `</cellXfs>` +
		`<cellStyles count="64000">` + strings.Repeat(`<cellStyle name="s" xfId="0"/>`, 64_000) + `</cellStyles>`
	if err := scanMeta(styles(real)); err != nil {
		t.Errorf("Excel's limit of formats and styles: %v", err)
	}
	if err := scanMeta(styles(strings.Repeat("<xf/>", 600_000))); err == nil {
		t.Error("a flood of 600,000 elements passed")
	}
}
