package pdf

import (
	"fmt"
	"io"
	"strings"

	"github.com/signintech/gopdf"
)

// A4 in points, and the margins every page keeps.
const (
	pageW, pageH = 595.28, 841.89
	margin       = 40.0
	contentW     = pageW - 2*margin
	bodyTop      = margin
	bodyBottom   = pageH - margin - 20 // the footer's line
)

// rgb is a colour.
type rgb struct{ r, g, b uint8 }

// The report colours (docs/product/reports.md): one per report type, the
// NPS segments as the survey results screen draws them, and the theme.
var (
	colorBasic       = rgb{0x16, 0x77, 0xff}
	colorAdvanced    = rgb{0x72, 0x2e, 0xd1}
	colorImprovement = rgb{0xfa, 0x8c, 0x16}
	colorSurvey      = rgb{0x13, 0xa8, 0xa8}
	colorPromoter    = rgb{0x2e, 0x9d, 0x5b}
	colorPassive     = rgb{0xf0, 0xb4, 0x29}
	colorDetractor   = rgb{0xe0, 0x53, 0x3d}
	colorTheme       = rgb{0x2e, 0x7d, 0x32}
	colorText        = rgb{0x26, 0x26, 0x26}
	colorMuted       = rgb{0x73, 0x73, 0x73}
	colorLine        = rgb{0xd9, 0xd9, 0xd9}
	colorHeadFill    = rgb{0xf0, 0xf4, 0xf8}
	colorBad         = rgb{0xe0, 0x53, 0x3d}
	white            = rgb{0xff, 0xff, 0xff}
)

// doc is a PDF being laid out top to bottom, page after page.
type doc struct {
	pdf    *gopdf.GoPdf
	y      float64
	accent rgb
	footer string // the period, printed on every page with the page number
	err    error  // the first drawing error; later calls do nothing
}

func (rd *Renderer) newDoc(accent rgb, footer, title string) (*doc, error) {
	font, err := rd.font.load()
	if err != nil {
		return nil, err
	}
	p := &gopdf.GoPdf{}
	p.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4})
	p.SetInfo(gopdf.PdfInfo{Title: title, Creator: "ROUDER", Producer: "ROUDER"})
	if err := p.AddTTFFontData(fontFamily, font); err != nil {
		return nil, fmt.Errorf("pdf font: %w", err)
	}
	d := &doc{pdf: p, accent: accent, footer: footer}
	p.AddFooter(d.drawFooter)
	d.newPage()
	return d, d.err
}

func (d *doc) drawFooter() {
	d.font(8, colorMuted)
	d.pdf.SetStrokeColor(colorLine.r, colorLine.g, colorLine.b)
	d.pdf.SetLineWidth(0.5)
	d.pdf.Line(margin, pageH-margin-12, pageW-margin, pageH-margin-12)
	d.pdf.SetXY(margin, pageH-margin-8)
	d.check(d.pdf.Cell(nil, d.footer))
	n := fmt.Sprintf("%d", d.pdf.GetNumberOfPages())
	w, _ := d.pdf.MeasureTextWidth(n)
	d.pdf.SetXY(pageW-margin-w, pageH-margin-8)
	d.check(d.pdf.Cell(nil, n))
}

func (d *doc) check(err error) {
	if err != nil && d.err == nil {
		d.err = err
	}
}

func (d *doc) newPage() {
	d.pdf.AddPage()
	d.y = bodyTop
}

// room makes sure h points fit below y, starting a new page otherwise; it
// reports whether a page was started.
func (d *doc) room(h float64) bool {
	if d.y+h <= bodyBottom {
		return false
	}
	d.newPage()
	return true
}

func (d *doc) font(size float64, c rgb) {
	d.check(d.pdf.SetFont(fontFamily, "", size))
	d.pdf.SetTextColor(c.r, c.g, c.b)
}

func (d *doc) fill(c rgb)   { d.pdf.SetFillColor(c.r, c.g, c.b) }
func (d *doc) stroke(c rgb) { d.pdf.SetStrokeColor(c.r, c.g, c.b) }

// text writes one line at (x, y).
func (d *doc) text(x, y float64, s string) {
	d.pdf.SetXY(x, y)
	d.check(d.pdf.Cell(nil, s))
}

// lines splits s to fit width at the current font (at least one line).
func (d *doc) lines(s string, width float64) []string {
	if s == "" {
		return []string{""}
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		if para == "" {
			out = append(out, "")
			continue
		}
		parts, err := d.pdf.SplitTextWithWordWrap(para, width)
		if err != nil || len(parts) == 0 {
			parts = []string{para}
		}
		out = append(out, parts...)
	}
	return out
}

// heading is a section title: a bar of the accent colour and the text.
func (d *doc) heading(s string) {
	d.room(70) // a heading keeps a few lines of what it heads on its page
	d.fill(d.accent)
	d.pdf.RectFromUpperLeftWithStyle(margin, d.y, 4, 18, "F")
	d.font(13, colorText)
	d.text(margin+10, d.y+2, s)
	d.y += 28
}

// paragraph writes wrapped text.
func (d *doc) paragraph(s string, size float64, c rgb) {
	d.font(size, c)
	lh := size * 1.5
	for _, l := range d.lines(s, contentW) {
		d.room(lh)
		d.text(margin, d.y, l)
		d.y += lh
	}
}

// column of a table.
type column struct {
	title string
	width float64 // a share of the content width (the shares sum to 1)
	right bool
}

// table draws rows under a header that is repeated on every page the table
// spans (none when no column has a title); a row never splits across
// pages. cellColor may colour one cell.
func (d *doc) table(cols []column, rows [][]string, cellColor func(row, col int) *rgb) {
	const size, pad = 8.5, 4.0
	lh := size * 1.45
	titled := false
	for _, c := range cols {
		titled = titled || c.title != ""
	}
	header := func() {
		if !titled { // a table of facts has no header row
			return
		}
		d.fill(colorHeadFill)
		d.pdf.RectFromUpperLeftWithStyle(margin, d.y, contentW, lh+2*pad, "F")
		d.font(size, colorText)
		x := margin
		for _, c := range cols {
			w := c.width * contentW
			d.cell(x, d.y+pad, w, c.title, c.right)
			x += w
		}
		d.y += lh + 2*pad
	}
	d.room(2 * (lh + 2*pad))
	header()
	for ri, row := range rows {
		d.font(size, colorText)
		wrapped := make([][]string, len(cols))
		height := 1
		for ci, c := range cols {
			wrapped[ci] = d.lines(row[ci], c.width*contentW-2*pad)
			height = max(height, len(wrapped[ci]))
		}
		h := float64(height)*lh + 2*pad
		if d.room(h) {
			header()
			d.font(size, colorText)
		}
		x := margin
		for ci, c := range cols {
			w := c.width * contentW
			color := colorText
			if cellColor != nil {
				if cc := cellColor(ri, ci); cc != nil {
					color = *cc
				}
			}
			d.pdf.SetTextColor(color.r, color.g, color.b)
			for li, l := range wrapped[ci] {
				d.cell(x, d.y+pad+float64(li)*lh, w, l, c.right)
			}
			x += w
		}
		d.y += h
		d.stroke(colorLine)
		d.pdf.SetLineWidth(0.4)
		d.pdf.Line(margin, d.y, margin+contentW, d.y)
	}
	d.y += 10
}

// cell writes s in a column of width w at x, left or right aligned.
func (d *doc) cell(x, y, w float64, s string, right bool) {
	const pad = 4.0
	if right {
		tw, _ := d.pdf.MeasureTextWidth(s)
		x = x + w - pad - tw
	} else {
		x += pad
	}
	d.text(x, y, s)
}

// bar is a horizontal bar chart row: label, a bar of rate (0–100) and the
// figure, drawn as vector shapes.
func (d *doc) bar(label string, rate float64, figure string, c rgb) {
	const h = 14.0
	d.room(h + 4)
	d.font(8.5, colorText)
	labelW := contentW * 0.32
	barW := contentW * 0.5
	lines := d.lines(label, labelW-4)
	d.text(margin, d.y+2, lines[0])
	d.fill(colorHeadFill)
	d.pdf.RectFromUpperLeftWithStyle(margin+labelW, d.y+2, barW, h-4, "F")
	if rate > 0 {
		d.fill(c)
		d.pdf.RectFromUpperLeftWithStyle(margin+labelW, d.y+2, barW*min(rate, 100)/100, h-4, "F")
	}
	d.text(margin+labelW+barW+8, d.y+2, figure)
	d.y += h + 2
}

// write finishes the document into w.
func (d *doc) write(w io.Writer) error {
	if d.err != nil {
		return d.err
	}
	return d.pdf.Write(w)
}
