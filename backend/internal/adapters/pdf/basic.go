package pdf

import (
	"fmt"
	"io"
	"strconv"

	"github.com/signintech/gopdf"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/report"
)

// Renderer draws the reports.
type Renderer struct{ font *fontSource }

// NewRenderer draws with IPAex Gothic: embedded in the binary, else read
// from fontPath, else from Debian's fonts-ipaexfont-gothic.
func NewRenderer(fontPath string) *Renderer { return &Renderer{font: &fontSource{path: fontPath}} }

// Basic draws a BASIC report: the cover, the summary of the stores, each
// store's categories, bad items and photos, and the criteria.
func (rd *Renderer) Basic(w io.Writer, r report.BasicReport, photos report.PhotoBytes, step func() error) error {
	period := date(r.PeriodFrom) + "〜" + date(r.PeriodTo)
	d, err := rd.newDoc(colorBasic, "基本レポート　"+r.CheckList+"　期間 "+period, r.Request.Type.Label()+" "+r.CheckList)
	if err != nil {
		return err
	}
	cover(d, r.Request.Type.Label(), r.CheckList, [][2]string{
		{"組織", r.Organization}, {"チェックリスト", r.CheckList}, {"期間", period},
		{"対象店舗", fmt.Sprintf("%d店舗", len(r.Stores)+len(r.Unanswered))},
		{"作成者", r.MadeBy}, {"作成日時", r.MadeAt.In(clock.Tokyo).Format("2006/01/02 15:04")},
	})

	d.heading("店舗別サマリー")
	if r.AllAverage != nil {
		d.paragraph(fmt.Sprintf("全店舗平均 %.1f%%（順位は全%d店舗中）", *r.AllAverage, r.AllCount), 9, colorMuted)
		d.y += 4
	}
	cols := []column{{"順位", 0.07, true}, {"店舗", 0.27, false}, {"グループ", 0.22, false}, {"点数", 0.11, true},
		{"得点率", 0.1, true}, {"回答", 0.09, true}, {"状況", 0.08, false}}
	if r.Request.IncludeRank {
		cols = append(cols, column{"ランク", 0.06, false})
		cols[2].width -= 0.06
	}
	rows := make([][]string, 0, len(r.Stores))
	for _, s := range r.Stores {
		row := []string{strconv.Itoa(s.Place), s.FacilityName, s.Group, fmt.Sprintf("%d / %d", s.Score, s.Possible),
			rate(s.Rate()), fmt.Sprintf("%d/%d", s.Answered, s.Total), progress(s.SheetRow)}
		if r.Request.IncludeRank {
			row = append(row, s.Rank)
		}
		rows = append(rows, row)
	}
	d.table(cols, rows, nil)
	if len(r.Unanswered) > 0 {
		d.paragraph("この期間にチェックのない店舗："+join(r.Unanswered), 8.5, colorMuted)
	}

	for _, s := range r.Stores {
		storeSection(d, r, s, photos)
		if err := step(); err != nil {
			return err
		}
	}
	if r.Request.IncludeCriteria && len(r.Criteria) > 0 {
		d.newPage()
		d.heading("チェック項目と基準")
		crit := make([][]string, len(r.Criteria))
		for i, c := range r.Criteria {
			crit[i] = []string{c.Category, c.Question, c.Explanation}
		}
		d.table([]column{{"カテゴリ", 0.18, false}, {"項目", 0.4, false}, {"基準・説明", 0.42, false}}, crit, nil)
	}
	return d.write(w)
}

// storeSection is one store: its figures, categories as bars, bad items
// and the photo comparison.
func storeSection(d *doc, r report.BasicReport, s report.StoreResult, photos report.PhotoBytes) {
	d.room(140)
	d.y += 6
	d.fill(colorBasic)
	d.pdf.RectFromUpperLeftWithStyle(margin, d.y, contentW, 26, "F")
	d.font(12, white)
	d.text(margin+8, d.y+7, s.FacilityName)
	summary := fmt.Sprintf("%s　得点率 %s　%d位", s.Group, rate(s.Rate()), s.Place)
	if r.Request.IncludeRank && s.Rank != "" {
		summary += "　ランク " + s.Rank
	}
	d.font(9, white)
	tw, _ := d.pdf.MeasureTextWidth(summary)
	d.text(margin+contentW-8-tw, d.y+9, summary)
	d.y += 34

	d.font(10, colorText)
	d.text(margin, d.y, "カテゴリ別の得点率")
	d.y += 16
	for _, c := range s.Categories {
		d.bar(c.Name, c.Rate, fmt.Sprintf("%s（%d / %d）", rate(c.Rate), c.Score, c.Possible), colorBasic)
	}
	d.y += 6
	if len(s.BadItems) > 0 {
		d.room(40)
		d.font(10, colorText)
		d.text(margin, d.y, "評価の低かった項目")
		d.y += 16
		rows := make([][]string, len(s.BadItems))
		for i, a := range s.BadItems {
			rows[i] = []string{a.Category, a.Question, a.Choice, a.Comment}
		}
		d.table([]column{{"カテゴリ", 0.16, false}, {"項目", 0.4, false}, {"評価", 0.08, false}, {"コメント", 0.36, false}},
			rows, func(_, col int) *rgb {
				if col == 2 {
					return &colorBad
				}
				return nil
			})
	}
	if len(s.Photos) > 0 {
		photoPairs(d, s.Photos, photos)
	}
}

// photoPairs lays out the photo comparison: two pairs a row, this period's
// photo beside the previous period's.
func photoPairs(d *doc, pairs []report.PhotoPair, photos report.PhotoBytes) {
	const imgW, imgH, capH, gap = 118.0, 88.0, 26.0, 12.0
	pairW := 2*imgW + 6
	d.room(20 + imgH + capH)
	d.font(10, colorText)
	d.text(margin, d.y, "写真比較（左：今回　右：前回）")
	d.y += 16
	for i := 0; i < len(pairs); i += 2 {
		d.room(imgH + capH + 10)
		for j := 0; j < 2 && i+j < len(pairs); j++ {
			p := pairs[i+j]
			x := margin + float64(j)*(pairW+gap)
			placePhoto(d, p.Current, photos, x, d.y, imgW, imgH)
			placePhoto(d, p.Previous, photos, x+imgW+6, d.y, imgW, imgH)
			d.font(7.5, colorText)
			caption := d.lines(p.Question+"（"+p.Choice+"）", pairW)
			for k, l := range caption[:min(2, len(caption))] {
				d.text(x, d.y+imgH+3+float64(k)*10, l)
			}
		}
		d.y += imgH + capH + 6
	}
}

// placePhoto draws a photo fitted into the box, or a grey box saying there
// is none.
func placePhoto(d *doc, ph *report.Photo, photos report.PhotoBytes, x, y, w, h float64) {
	d.fill(colorHeadFill)
	d.pdf.RectFromUpperLeftWithStyle(x, y, w, h, "F")
	var data []byte
	if ph != nil {
		data = photos(*ph)
	}
	if data == nil {
		d.font(8, colorMuted)
		d.text(x+w/2-16, y+h/2-5, "写真なし")
		return
	}
	holder, err := gopdf.ImageHolderByBytes(data)
	if err != nil {
		d.font(8, colorMuted)
		d.text(x+w/2-20, y+h/2-5, "表示できません")
		return
	}
	d.check(d.pdf.ImageByHolder(holder, x, y, &gopdf.Rect{W: w, H: h}))
}

// cover is the first page: the report's name on the accent colour, then
// the facts.
func cover(d *doc, title, subtitle string, facts [][2]string) {
	d.fill(d.accent)
	d.pdf.RectFromUpperLeftWithStyle(0, 0, pageW, 230, "F")
	d.font(28, white)
	d.text(margin, 120, title)
	d.font(14, white)
	d.text(margin, 165, subtitle)
	d.y = 270
	for _, f := range facts {
		d.font(10, colorMuted)
		d.text(margin, d.y, f[0])
		d.font(11, colorText)
		for i, l := range d.lines(f[1], contentW-110) {
			d.text(margin+110, d.y+float64(i)*16, l)
			if i > 0 {
				d.y += 16
			}
		}
		d.y += 26
	}
	d.fill(colorTheme)
	d.pdf.RectFromUpperLeftWithStyle(margin, bodyBottom-30, 40, 4, "F")
	d.font(9, colorMuted)
	d.text(margin, bodyBottom-20, "ROUDER")
	d.newPage()
}

func date(t interface{ Format(string) string }) string { return t.Format("2006/01/02") }

func rate(r float64) string {
	if r < 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", r)
}

func progress(s report.SheetRow) string {
	switch {
	case s.Submitted:
		return "提出済"
	case s.Progress() == checklist.Unchecked:
		return "未回答"
	}
	return "回答中"
}

func join(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += "、"
		}
		out += n
	}
	return out
}
