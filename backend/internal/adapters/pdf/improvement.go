package pdf

import (
	"fmt"
	"io"
	"strconv"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/report"
)

var statusLabels = map[string]string{"IN_PROGRESS": "対応中", "IN_REVIEW": "確認待ち", "COMPLETED": "完了"}
var sourceLabels = map[string]string{"CHECK": "チェック", "SURVEY": "アンケート", "MANUAL": "本部から"}

// Improvement draws an IMPROVEMENT report: the counts by status and
// source, overdue ones and the time to complete, per group and store, then
// each report with its source photo beside the store's reply photo.
func (rd *Renderer) Improvement(w io.Writer, r report.ImprovementReport, photos report.PhotoBytes) error {
	period := date(r.From) + "〜" + date(r.To)
	d, err := rd.newDoc(colorImprovement, "改善報告レポート　期間 "+period, "改善報告レポート")
	if err != nil {
		return err
	}
	cover(d, report.Improvement.Label(), "期間 "+period, [][2]string{
		{"組織", r.Organization}, {"期間（報告の作成日）", period}, {"対象店舗", fmt.Sprintf("%d店舗", r.Stores)},
		{"改善報告", fmt.Sprintf("%d件", r.Total.Opened)}, {"作成者", r.MadeBy},
		{"作成日時", r.MadeAt.In(clock.Tokyo).Format("2006/01/02 15:04")},
	})

	d.heading("概要")
	rows := [][]string{
		{"作成された改善報告", fmt.Sprintf("%d件", r.Total.Opened)},
		{"対応中 / 確認待ち / 完了", fmt.Sprintf("%d件 / %d件 / %d件", r.ByStatus["IN_PROGRESS"], r.ByStatus["IN_REVIEW"], r.ByStatus["COMPLETED"])},
		{"チェック / アンケート / 本部から", fmt.Sprintf("%d件 / %d件 / %d件", r.BySource["CHECK"], r.BySource["SURVEY"], r.BySource["MANUAL"])},
		{"期限切れ（" + date(r.Today) + "時点）", fmt.Sprintf("%d件", r.Total.Overdue)},
		{"完了までの平均日数", days(r.Total.AverageDays())},
	}
	d.table([]column{{"", 0.45, false}, {"", 0.55, false}}, rows, nil)
	if r.Total.Opened > 0 {
		for _, s := range []struct {
			key string
			c   rgb
		}{{"IN_PROGRESS", colorImprovement}, {"IN_REVIEW", colorBasic}, {"COMPLETED", colorTheme}} {
			share := float64(r.ByStatus[s.key]) * 100 / float64(r.Total.Opened)
			d.bar(statusLabels[s.key], share, fmt.Sprintf("%d件（%.1f%%）", r.ByStatus[s.key], share), s.c)
		}
		d.y += 8
	}
	tallyCols := []column{{"", 0.4, false}, {"作成", 0.12, true}, {"完了", 0.12, true}, {"期限切れ", 0.14, true}, {"平均日数", 0.22, true}}
	if len(r.PerGroup) > 0 {
		d.heading("グループ別")
		cols := append([]column(nil), tallyCols...)
		cols[0].title = "グループ"
		d.table(cols, tallyRows(r.PerGroup), overdueColor(r.PerGroup))
	}
	if len(r.PerStore) > 0 {
		d.heading("店舗別")
		cols := append([]column(nil), tallyCols...)
		cols[0].title = "店舗"
		d.table(cols, tallyRows(r.PerStore), overdueColor(r.PerStore))
	}
	if len(r.Rows) > 0 {
		d.newPage()
		d.heading("改善報告の一覧（左：指摘時の写真　右：店舗からの報告）")
		for _, row := range r.Rows {
			improvementEntry(d, r, row, photos)
		}
	}
	return d.write(w)
}

func improvementEntry(d *doc, r report.ImprovementReport, row report.ImprovementRow, photos report.PhotoBytes) {
	const imgW, imgH = 118.0, 88.0
	withPhotos := row.SourcePhoto != nil || row.ReplyPhoto != nil
	h := 46.0
	if withPhotos {
		h += imgH + 8
	}
	d.room(h)
	d.font(10, colorText)
	lines := d.lines(row.Subject, contentW-90)
	d.text(margin, d.y, lines[0])
	status := statusLabels[row.Status]
	color := colorText
	if row.Overdue(r.Today) {
		status += "・期限切れ"
		color = colorBad
	}
	d.font(9, color)
	tw, _ := d.pdf.MeasureTextWidth(status)
	d.text(margin+contentW-tw, d.y, status)
	d.y += 15
	d.font(8, colorMuted)
	meta := fmt.Sprintf("%s　%s　作成 %s　期限 %s", row.FacilityName, sourceLabels[row.SourceKind],
		row.CreatedAt.In(clock.Tokyo).Format("2006/01/02"), date(row.DueDate))
	if dd := row.DaysToComplete(); dd >= 0 {
		meta += fmt.Sprintf("　完了まで %s", days(dd))
	}
	d.text(margin, d.y, meta)
	d.y += 14
	if withPhotos {
		placePhoto(d, row.SourcePhoto, photos, margin, d.y, imgW, imgH)
		placePhoto(d, row.ReplyPhoto, photos, margin+imgW+6, d.y, imgW, imgH)
		d.y += imgH + 8
	}
	d.stroke(colorLine)
	d.pdf.SetLineWidth(0.4)
	d.pdf.Line(margin, d.y, margin+contentW, d.y)
	d.y += 10
}

func tallyRows(ts []report.ImprovementTally) [][]string {
	rows := make([][]string, len(ts))
	for i, t := range ts {
		rows[i] = []string{t.Name, strconv.Itoa(t.Opened), strconv.Itoa(t.Completed), strconv.Itoa(t.Overdue), days(t.AverageDays())}
	}
	return rows
}

// overdueColor marks a non-zero overdue count in red.
func overdueColor(ts []report.ImprovementTally) func(row, col int) *rgb {
	return func(row, col int) *rgb {
		if col == 3 && row < len(ts) && ts[row].Overdue > 0 {
			return &colorBad
		}
		return nil
	}
}

func days(d float64) string {
	if d < 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f日", d)
}
