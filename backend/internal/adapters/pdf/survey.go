package pdf

import (
	"fmt"
	"io"
	"strconv"

	"github.com/signintech/gopdf"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/report"
	"github.com/rouder/console/internal/domain/survey"
)

// Survey draws a SURVEY report: the NPS and its parts, the 0–10
// distribution, the NPS over time, groups and stores ranked, each
// question's distribution, and the latest comments.
func (rd *Renderer) Survey(w io.Writer, r report.SurveyReport) error {
	period := date(r.From) + "〜" + date(r.To)
	d, err := rd.newDoc(colorSurvey, "アンケートレポート　"+r.Survey+"　期間 "+period, "アンケートレポート "+r.Survey)
	if err != nil {
		return err
	}
	cover(d, report.Survey.Label(), r.Survey, [][2]string{
		{"組織", r.Organization}, {"アンケート", r.Survey}, {"期間", period},
		{"対象店舗", fmt.Sprintf("%d店舗", r.Stores)}, {"回答数", fmt.Sprintf("%d件", r.Answers)},
		{"作成者", r.MadeBy}, {"作成日時", r.MadeAt.In(clock.Tokyo).Format("2006/01/02 15:04")},
	})

	d.heading("NPS")
	npsFigures(d, r.Tally, r.Answers)
	d.heading("スコアの分布（0〜10）")
	distribution(d, r.Distribution)
	d.heading(map[string]string{survey.ByWeek: "NPSの推移（週ごと）", survey.ByMonth: "NPSの推移（月ごと）"}[r.TrendBy])
	trend(d, r.Trend, r.TrendBy)

	rankCols := []column{{"順位", 0.08, true}, {"", 0.36, false}, {"回答数", 0.12, true}, {"NPS", 0.11, true},
		{"推奨者", 0.11, true}, {"中立者", 0.11, true}, {"批判者", 0.11, true}}
	if len(r.Groups) > 0 {
		d.heading("グループ別")
		cols := append([]column(nil), rankCols...)
		cols[1].title = "グループ"
		d.table(cols, rankRows(r.Groups), npsColor(r.Groups, 3))
	}
	if len(r.StoreRanks) > 0 {
		d.heading("店舗ランキング")
		cols := append([]column(nil), rankCols...)
		cols[1].title = "店舗"
		d.table(cols, rankRows(r.StoreRanks), npsColor(r.StoreRanks, 3))
	}
	if len(r.Questions) > 0 {
		d.heading("設問別の回答")
		for _, q := range r.Questions {
			d.room(40)
			d.font(10, colorText)
			for _, l := range d.lines(q.Question.Text, contentW) {
				d.text(margin, d.y, l)
				d.y += 14
			}
			if q.Average != nil {
				d.font(8.5, colorMuted)
				d.text(margin, d.y, fmt.Sprintf("平均 %.2f（%d人が回答）", *q.Average, q.Answers))
				d.y += 14
			}
			for _, c := range q.Counts {
				share := 0.0
				if q.Answers > 0 {
					share = float64(c.Count) * 100 / float64(q.Answers)
				}
				d.bar(c.Choice, share, fmt.Sprintf("%d件（%.1f%%）", c.Count, share), colorSurvey)
			}
			d.y += 8
		}
	}
	d.heading(fmt.Sprintf("コメント（最新%d件まで）", report.MaxComments))
	if len(r.Comments) == 0 {
		d.paragraph("この期間のコメントはありません。", 9, colorMuted)
	} else {
		rows := make([][]string, len(r.Comments))
		for i, c := range r.Comments {
			score := ""
			if c.NPSScore != nil {
				score = strconv.Itoa(*c.NPSScore)
			}
			rows[i] = []string{c.AnsweredAt.In(clock.Tokyo).Format("2006/01/02"), c.FacilityName, score, c.Text}
		}
		d.table([]column{{"日付", 0.13, false}, {"店舗", 0.2, false}, {"推奨度", 0.09, true}, {"コメント", 0.58, false}}, rows, nil)
	}
	return d.write(w)
}

func npsText(t survey.Tally) string {
	v, ok := t.NPS()
	if !ok {
		return "—"
	}
	return fmt.Sprintf("%+.1f", v)
}

func rankRows(ranks []survey.Rank) [][]string {
	rows := make([][]string, len(ranks))
	for i, r := range ranks {
		rows[i] = []string{strconv.Itoa(i + 1), r.Name, strconv.Itoa(r.Answers), npsText(r.Tally),
			strconv.Itoa(r.Tally.Promoters), strconv.Itoa(r.Tally.Passives), strconv.Itoa(r.Tally.Detractors)}
	}
	return rows
}

// npsColor colours a ranking's NPS column (col): the promoters' green above
// zero, the detractors' red below.
func npsColor(ranks []survey.Rank, col int) func(row, c int) *rgb {
	return func(row, c int) *rgb {
		if c != col || row >= len(ranks) {
			return nil
		}
		v, ok := ranks[row].Tally.NPS()
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

// npsFigures is the NPS in large type beside the promoters, passives and
// detractors, and their shares as one stacked bar.
func npsFigures(d *doc, t survey.Tally, answers int) {
	d.room(90)
	d.font(30, colorText)
	d.text(margin, d.y, npsText(t))
	d.font(9, colorMuted)
	d.text(margin, d.y+38, fmt.Sprintf("回答 %d件（NPSの対象 %d件）", answers, t.Total()))
	x := margin + 170
	for _, part := range []struct {
		label string
		n     int
		c     rgb
	}{{"推奨者（9〜10）", t.Promoters, colorPromoter}, {"中立者（7〜8）", t.Passives, colorPassive}, {"批判者（0〜6）", t.Detractors, colorDetractor}} {
		d.fill(part.c)
		d.pdf.RectFromUpperLeftWithStyle(x, d.y+3, 8, 8, "F")
		d.font(9, colorText)
		d.text(x+12, d.y+1, fmt.Sprintf("%s %d件", part.label, part.n))
		x += 110
	}
	// The stacked bar.
	barY, barW := d.y+22, contentW-170
	x = margin + 170
	if total := t.Total(); total > 0 {
		for _, part := range []struct {
			n int
			c rgb
		}{{t.Promoters, colorPromoter}, {t.Passives, colorPassive}, {t.Detractors, colorDetractor}} {
			w := barW * float64(part.n) / float64(total)
			d.fill(part.c)
			d.pdf.RectFromUpperLeftWithStyle(x, barY, w, 14, "F")
			x += w
		}
	} else {
		d.fill(colorHeadFill)
		d.pdf.RectFromUpperLeftWithStyle(x, barY, barW, 14, "F")
	}
	d.y += 64
}

// distribution is the 0–10 histogram as columns in the segment colours.
func distribution(d *doc, counts [11]int) {
	const h = 120.0
	d.room(h + 40)
	most := 1
	for _, n := range counts {
		most = max(most, n)
	}
	colW := contentW / 11
	base := d.y + h
	for s, n := range counts {
		c := colorDetractor
		switch survey.Classify(s) {
		case survey.Promoter:
			c = colorPromoter
		case survey.Passive:
			c = colorPassive
		}
		x := margin + float64(s)*colW
		bh := h * float64(n) / float64(most)
		d.fill(c)
		d.pdf.RectFromUpperLeftWithStyle(x+colW*0.15, base-bh, colW*0.7, bh, "F")
		d.font(8, colorText)
		label := strconv.Itoa(n)
		tw, _ := d.pdf.MeasureTextWidth(label)
		d.text(x+colW/2-tw/2, base-bh-11, label)
		d.font(8.5, colorMuted)
		label = strconv.Itoa(s)
		tw, _ = d.pdf.MeasureTextWidth(label)
		d.text(x+colW/2-tw/2, base+4, label)
	}
	d.stroke(colorLine)
	d.pdf.SetLineWidth(0.6)
	d.pdf.Line(margin, base, margin+contentW, base)
	d.y = base + 26
}

// trend is the NPS per week or month as a line over a −100…+100 scale.
func trend(d *doc, points []survey.TrendPoint, by string) {
	if len(points) == 0 {
		d.paragraph("この期間の回答はありません。", 9, colorMuted)
		return
	}
	const h = 130.0
	d.room(h + 40)
	top, left := d.y+6, margin+30
	width := contentW - 40
	y := func(nps float64) float64 { return top + h/2 - nps/100*h/2 }
	d.font(7.5, colorMuted)
	d.stroke(colorLine)
	d.pdf.SetLineWidth(0.4)
	for _, v := range []float64{100, 50, 0, -50, -100} {
		d.pdf.Line(left, y(v), left+width, y(v))
		d.text(margin, y(v)-4, fmt.Sprintf("%+.0f", v))
	}
	step := width / float64(max(1, len(points)-1))
	if len(points) == 1 {
		step = 0
	}
	var prev *gopdf.Point
	labelEvery := max(1, len(points)/8)
	for i, p := range points {
		v, ok := p.Tally.NPS()
		if !ok {
			continue
		}
		x := left + float64(i)*step
		if len(points) == 1 {
			x = left + width/2
		}
		cur := gopdf.Point{X: x, Y: y(v)}
		if prev != nil {
			d.stroke(colorSurvey)
			d.pdf.SetLineWidth(1.6)
			d.pdf.Line(prev.X, prev.Y, cur.X, cur.Y)
		}
		d.fill(colorSurvey)
		d.pdf.Oval(cur.X-2.5, cur.Y-2.5, cur.X+2.5, cur.Y+2.5)
		if i%labelEvery == 0 || i == len(points)-1 {
			d.font(7.5, colorText)
			d.text(cur.X-10, cur.Y-13, fmt.Sprintf("%+.0f", v))
			d.font(7, colorMuted)
			layout := "01/02"
			if by == survey.ByMonth {
				layout = "2006/01"
			}
			d.text(cur.X-12, top+h+6, p.Start.Format(layout))
		}
		prev = &cur
	}
	d.y = top + h + 26
}
