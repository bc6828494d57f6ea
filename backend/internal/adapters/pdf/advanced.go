package pdf

import (
	"fmt"
	"io"
	"strconv"

	"github.com/signintech/gopdf"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/report"
)

// palette colours the categories' lines.
var palette = []rgb{colorAdvanced, colorBasic, colorImprovement, colorSurvey, colorTheme, colorDetractor,
	{0x8c, 0x8c, 0x00}, {0xeb, 0x2f, 0x96}, {0x59, 0x59, 0x59}, {0x00, 0x50, 0xb3}}

// Advanced draws an ADVANCED report: the rate over the periods overall and
// per category as line charts, groups or store tags ranked with their
// change, the best and worst movers, and each store's trend as a
// sparkline beside its latest rate and change.
func (rd *Renderer) Advanced(w io.Writer, r report.AdvancedReport, step func() error) error {
	period := date(r.From) + "〜" + date(r.To)
	d, err := rd.newDoc(colorAdvanced, "推移レポート　"+r.CheckList+"　期間 "+period, "推移レポート "+r.CheckList)
	if err != nil {
		return err
	}
	grouping := map[report.Grouping]string{report.ByGroup: "グループ", report.ByStoreTag: "店舗タグ"}[r.Grouping]
	stores := fmt.Sprintf("%d店舗", len(r.Stores))
	if r.Excluded > 0 {
		stores += fmt.Sprintf("（推移レポート対象外の%d店舗を除く）", r.Excluded)
	}
	cover(d, report.Advanced.Label(), r.CheckList, [][2]string{
		{"組織", r.Organization}, {"チェックリスト", r.CheckList}, {"期間", period},
		{"対象期間", fmt.Sprintf("%d回", len(r.Periods))}, {"対象店舗", stores}, {"集計単位", grouping},
		{"作成者", r.MadeBy}, {"作成日時", r.MadeAt.In(clock.Tokyo).Format("2006/01/02 15:04")},
	})
	labels := make([]string, len(r.Periods))
	for i, p := range r.Periods {
		labels[i] = p.From.Format("01/02")
	}
	d.heading("全体の得点率の推移")
	if len(r.Periods) == 0 {
		d.paragraph("この期間にチェックの回はありません。", 9, colorMuted)
		return d.write(w)
	}
	lineChart(d, labels, []namedSeries{{"全体", r.Overall, colorAdvanced}}, true)
	if len(r.Categories) > 0 {
		d.heading("カテゴリ別の得点率の推移")
		series := make([]namedSeries, len(r.Categories))
		for i, c := range r.Categories {
			series[i] = namedSeries{c.Name, c.Rates, palette[i%len(palette)]}
		}
		lineChart(d, labels, series, false)
	}

	d.heading(grouping + "別のランキング")
	rows := make([][]string, len(r.Groups))
	for i, g := range r.Groups {
		rows[i] = []string{strconv.Itoa(i + 1), g.Name, strconv.Itoa(g.Stores), lastText(g.Rates), changeText(g.Rates)}
	}
	d.table([]column{{"順位", 0.08, true}, {grouping, 0.46, false}, {"店舗数", 0.12, true}, {"最新", 0.16, true}, {"前回比", 0.18, true}},
		rows, changeColor(func(i int) report.Series { return r.Groups[i].Rates }, 4))

	for _, m := range []struct {
		title string
		list  []report.StoreSeries
	}{{"上昇した店舗（前回比）", r.Best}, {"下降した店舗（前回比）", r.Worst}} {
		d.heading(m.title)
		if len(m.list) == 0 {
			d.paragraph("該当する店舗はありません。", 9, colorMuted)
			continue
		}
		rows := make([][]string, len(m.list))
		for i, s := range m.list {
			rows[i] = []string{s.Name, s.Group, lastText(s.Rates), changeText(s.Rates)}
		}
		list := m.list
		d.table([]column{{"店舗", 0.36, false}, {"グループ", 0.3, false}, {"最新", 0.16, true}, {"前回比", 0.18, true}},
			rows, changeColor(func(i int) report.Series { return list[i].Rates }, 3))
	}

	d.heading("店舗別の推移")
	storeTrends(d, r.Stores, step)
	return d.write(w)
}

type namedSeries struct {
	name   string
	values report.Series
	color  rgb
}

// lineChart draws series over the periods on a 0–100 % scale, with a
// legend; withValues writes each point's value.
func lineChart(d *doc, labels []string, series []namedSeries, withValues bool) {
	const h = 140.0
	legendRows := (len(series) + 3) / 4
	d.room(h + 40 + float64(legendRows)*14)
	top, left := d.y+6, margin+30
	width := contentW - 40
	y := func(v float64) float64 { return top + h - v/100*h }
	d.font(7.5, colorMuted)
	d.stroke(colorLine)
	d.pdf.SetLineWidth(0.4)
	for _, v := range []float64{0, 25, 50, 75, 100} {
		d.pdf.Line(left, y(v), left+width, y(v))
		d.text(margin, y(v)-4, fmt.Sprintf("%.0f%%", v))
	}
	x := func(i int) float64 {
		if len(labels) == 1 {
			return left + width/2
		}
		return left + width*float64(i)/float64(len(labels)-1)
	}
	every := max(1, len(labels)/10)
	for i, l := range labels {
		if i%every == 0 || i == len(labels)-1 {
			d.font(7, colorMuted)
			d.text(x(i)-10, top+h+5, l)
		}
	}
	for _, s := range series {
		var prev *gopdf.Point
		for i, v := range s.values {
			if v < 0 {
				prev = nil
				continue
			}
			p := gopdf.Point{X: x(i), Y: y(v)}
			if prev != nil {
				d.stroke(s.color)
				d.pdf.SetLineWidth(1.4)
				d.pdf.Line(prev.X, prev.Y, p.X, p.Y)
			}
			d.fill(s.color)
			d.pdf.Oval(p.X-2, p.Y-2, p.X+2, p.Y+2)
			if withValues && (i%every == 0 || i == len(s.values)-1) {
				d.font(7, colorText)
				d.text(p.X-9, p.Y-12, fmt.Sprintf("%.1f", v))
			}
			prev = &p
		}
	}
	d.y = top + h + 20
	for i, s := range series {
		col := i % 4
		if col == 0 && i > 0 {
			d.y += 14
		}
		lx := margin + float64(col)*contentW/4
		d.fill(s.color)
		d.pdf.RectFromUpperLeftWithStyle(lx, d.y+2, 10, 4, "F")
		d.font(7.5, colorText)
		d.text(lx+14, d.y-1, truncate(d, s.name, contentW/4-18))
	}
	d.y += 22
}

// storeTrends lists every store with its rates as a sparkline, its latest
// rate and its change; step is called every 50 stores.
func storeTrends(d *doc, stores []report.StoreSeries, step func() error) {
	const rowH = 18.0
	head := func() {
		d.fill(colorHeadFill)
		d.pdf.RectFromUpperLeftWithStyle(margin, d.y, contentW, 16, "F")
		d.font(8.5, colorText)
		d.text(margin+4, d.y+4, "店舗")
		d.text(margin+contentW*0.34, d.y+4, "グループ")
		d.text(margin+contentW*0.56, d.y+4, "推移")
		d.text(margin+contentW*0.8, d.y+4, "最新")
		d.text(margin+contentW*0.9, d.y+4, "前回比")
		d.y += 18
	}
	head()
	for i, s := range stores {
		if d.room(rowH) {
			head()
		}
		d.font(8, colorText)
		d.text(margin+4, d.y+4, truncate(d, s.Name, contentW*0.33-6))
		d.text(margin+contentW*0.34, d.y+4, truncate(d, s.Group, contentW*0.21-4))
		sparkline(d, s.Rates, margin+contentW*0.56, d.y+2, contentW*0.22, rowH-5)
		d.text(margin+contentW*0.8, d.y+4, lastText(s.Rates))
		if c := changeColor(func(int) report.Series { return s.Rates }, 0)(0, 0); c != nil {
			d.pdf.SetTextColor(c.r, c.g, c.b)
		}
		d.text(margin+contentW*0.9, d.y+4, changeText(s.Rates))
		d.y += rowH
		d.stroke(colorLine)
		d.pdf.SetLineWidth(0.3)
		d.pdf.Line(margin, d.y, margin+contentW, d.y)
		if (i+1)%50 == 0 {
			d.check(step())
		}
	}
	d.check(step())
}

// sparkline is a store's rates as a small line (0–100 %).
func sparkline(d *doc, s report.Series, x, y, w, h float64) {
	var prev *gopdf.Point
	for i, v := range s {
		if v < 0 {
			prev = nil
			continue
		}
		px := x
		if len(s) > 1 {
			px = x + w*float64(i)/float64(len(s)-1)
		}
		p := gopdf.Point{X: px, Y: y + h - v/100*h}
		if prev != nil {
			d.stroke(colorAdvanced)
			d.pdf.SetLineWidth(1)
			d.pdf.Line(prev.X, prev.Y, p.X, p.Y)
		}
		prev = &p
	}
	if prev != nil {
		d.fill(colorAdvanced)
		d.pdf.Oval(prev.X-1.5, prev.Y-1.5, prev.X+1.5, prev.Y+1.5)
	}
}

func lastText(s report.Series) string {
	if v, ok := s.Last(); ok {
		return fmt.Sprintf("%.1f%%", v)
	}
	return "—"
}

func changeText(s report.Series) string {
	if c, ok := s.Change(); ok {
		return fmt.Sprintf("%+.1f", c)
	}
	return "—"
}

// changeColor colours a change column: green for a rise, red for a fall.
func changeColor(series func(row int) report.Series, col int) func(row, c int) *rgb {
	return func(row, c int) *rgb {
		if c != col {
			return nil
		}
		v, ok := series(row).Change()
		switch {
		case !ok:
			return nil
		case v > 0:
			return &colorPromoter
		case v < 0:
			return &colorDetractor
		}
		return nil
	}
}

// truncate shortens s to fit width at the current font, with an ellipsis.
func truncate(d *doc, s string, width float64) string {
	if w, _ := d.pdf.MeasureTextWidth(s); w <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if w, _ := d.pdf.MeasureTextWidth(string(r) + "…"); w <= width {
			return string(r) + "…"
		}
	}
	return s
}
