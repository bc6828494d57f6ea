package export

import (
	"strconv"
	"strings"
	"time"
)

// CellKind says how a sheet writes a column: dates are real dates in XLSX
// (so Excel sorts and filters them), Tokyo-formatted text in CSV.
type CellKind int

const (
	Text CellKind = iota
	Number
	Date     // a calendar date
	DateTime // an instant, shown in Tokyo time
)

// Column is one column of a sheet.
type Column struct {
	Title string
	Kind  CellKind
	Width float64 // in Excel character widths
}

// Cell values are string, int, nil (empty) or time.Time.

// GroupNames turns a group path ("/1/4/9/") into its names, top first,
// joined the way the sheets show a place in the tree.
func GroupNames(path string, names map[int64]string) string {
	var parts []string
	for _, s := range strings.Split(strings.Trim(path, "/"), "/") {
		if id, err := strconv.ParseInt(s, 10, 64); err == nil {
			if n, ok := names[id]; ok {
				parts = append(parts, n)
			}
		}
	}
	return strings.Join(parts, " > ")
}

// CheckResultColumns are the CHECK_RESULT sheet's columns; idLabel is the
// organization's name for the external data id.
func CheckResultColumns(idLabel string) []Column {
	return []Column{
		{Title: "グループ", Width: 28}, {Title: "店舗", Width: 22}, {Title: idLabel, Width: 14},
		{Title: "チェックリスト", Width: 24}, {Title: "期間開始", Kind: Date, Width: 12}, {Title: "期間終了", Kind: Date, Width: 12},
		{Title: "カテゴリ", Width: 18}, {Title: "項目", Width: 40}, {Title: "選択肢", Width: 10},
		{Title: "点数", Kind: Number, Width: 8}, {Title: "対象外", Width: 8}, {Title: "コメント", Width: 40},
		{Title: "写真枚数", Kind: Number, Width: 9}, {Title: "入力日", Kind: Date, Width: 12},
		{Title: "状態", Width: 9}, {Title: "提出者", Width: 16},
	}
}

// CheckResultCells is one CHECK_RESULT row in the columns' order.
func CheckResultCells(r CheckResultRow, group string) []any {
	var score, input any
	if r.Score != nil {
		score = *r.Score
	}
	if r.InputDate != nil {
		input = *r.InputDate
	}
	state := "入力中"
	if r.Submitted {
		state = "提出済"
	}
	return []any{group, r.FacilityName, r.ExternalDataID, r.CheckListName, r.PeriodFrom, r.PeriodTo,
		r.Category, r.Question, r.Choice, score, mark(r.Inapplicable), r.Comment, r.PhotoCount, input, state, r.UserName}
}

// SurveyAnswerColumns are the fixed columns then one per question, in the
// survey's order.
func SurveyAnswerColumns(idLabel string, questions []SurveyQuestion, withMail bool) []Column {
	cols := []Column{
		{Title: "回答日時", Kind: DateTime, Width: 18}, {Title: "グループ", Width: 28}, {Title: "店舗", Width: 22},
		{Title: idLabel, Width: 14}, {Title: "NPS", Kind: Number, Width: 6},
	}
	if withMail {
		cols = append(cols, Column{Title: "メールアドレス", Width: 28})
	}
	for _, q := range questions {
		cols = append(cols, Column{Title: q.Text, Width: 24})
	}
	return cols
}

// SurveyAnswerCells is one SURVEY_ANSWER row.
func SurveyAnswerCells(r SurveyAnswerRow, group string, questions []SurveyQuestion, withMail bool) []any {
	var nps any
	if r.NPSScore != nil {
		nps = *r.NPSScore
	}
	cells := []any{r.AnsweredAt, group, r.FacilityName, r.ExternalDataID, nps}
	if withMail {
		cells = append(cells, r.MailAddress)
	}
	for _, q := range questions {
		cells = append(cells, strings.Join(r.Values[q.ID], "、"))
	}
	return cells
}

// OperationColumns are the OPERATION sheet's columns.
func OperationColumns() []Column {
	return []Column{
		{Title: "日時", Kind: DateTime, Width: 18}, {Title: "ユーザー", Width: 16}, {Title: "操作", Width: 18},
		{Title: "対象", Width: 16}, {Title: "対象ID", Kind: Number, Width: 9}, {Title: "内容", Width: 40},
		{Title: "IPアドレス", Width: 16},
	}
}

// OperationCells is one OPERATION row.
func OperationCells(r OperationRow) []any {
	var id any
	if r.TargetID != nil {
		id = int(*r.TargetID)
	}
	return []any{r.At, r.UserAccount, r.Operation, r.TargetType, id, r.Detail, r.IPAddress}
}

func mark(b bool) string {
	if b {
		return "○"
	}
	return ""
}

// DayEnd is the instant a Tokyo date ends (exclusive), for range queries.
func DayEnd(d time.Time, tokyo *time.Location) time.Time {
	y, m, day := d.Date()
	return time.Date(y, m, day+1, 0, 0, 0, 0, tokyo)
}
