package masters

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
)

// withCheckList is chain() with a monthly list (30) at the store whose
// reminders move to the next business day and count business days.
func withCheckList() Snapshot {
	s := chain()
	day := func(d int) time.Time { return time.Date(2026, 12, d, 0, 0, 0, 0, clock.Tokyo) }
	s.CheckLists = []checklist.CheckList{{ID: 30, Name: "QSC 月次点検", First: checklist.Period{From: day(1), To: day(31)},
		Recurrence: checklist.Recurrence{Interval: 1, Unit: checklist.Months}, ReminderNotificationTime: "09:00", ReminderDaysBefore: 3,
		ClosingDayRule: checklist.ClosingAfter, BusinessDays: true, TargetFacilityIDs: []int64{10},
		Categories: []checklist.Category{{ID: 40, Name: "Q 品質", Items: []checklist.Item{{ID: 50, Question: "提供温度は適正か",
			Scale: checklist.ScaleCircle}}}}, Version: 1}}
	return s
}

func listOptions() Options {
	o := options()
	o.Importer.MayEditCheckLists = true
	return o
}

// newList is a new list's row with its closing-day rule and day count
// cells, and its one item's row.
func newList(name, closing, days string) (list, item []string) {
	list = []string{"", name, "2026/12/01", "2026/12/31", "1", "月", "", "09:00", "3", closing, days, "いいえ", "", "0", "10", "", ""}
	return list, []string{name, "", "Q 品質", "提供温度は適正か", "", "○=2, ×=0*", "いいえ", "いいえ"}
}

func listAction(t *testing.T, p Plan, name string) checklist.CheckList {
	t.Helper()
	i := slices.IndexFunc(p.Actions.CheckLists, func(a CheckListAction) bool { return a.List.Name == name })
	if i < 0 {
		t.Fatalf("no action for %s: %+v", name, p.Rows)
	}
	return p.Actions.CheckLists[i].List
}

func listRowOf(p Plan) Row {
	return p.Rows[slices.IndexFunc(p.Rows, func(r Row) bool { return r.Set == SetCheckLists })]
}

func TestTheCheckListSheetWritesTheClosingDayRuleAndTheDayCount(t *testing.T) {
	l := LayoutOf(Layouts(options().Labels), SetCheckLists)
	if h := l.Headings(); h[clClosingDayRule] != "休業日にあたるリマインド" || h[clBusinessDays] != "日数の数え方" ||
		!slices.Equal(l.Columns[clClosingDayRule].Choices, []string{"前の営業日に送る", "次の営業日に送る", "送らない"}) ||
		!slices.Equal(l.Columns[clBusinessDays].Choices, []string{"暦日", "営業日"}) {
		t.Fatalf("columns %v", h)
	}
	for _, c := range []struct {
		rule       string
		days       bool
		rule2, day string
	}{
		{checklist.ClosingBefore, false, "前の営業日に送る", "暦日"},
		{checklist.ClosingAfter, true, "次の営業日に送る", "営業日"},
		{checklist.ClosingSkip, false, "送らない", "暦日"},
		{"", false, "前の営業日に送る", "暦日"}, // an unset rule is the default
	} {
		s := withCheckList()
		s.CheckLists[0].ClosingDayRule, s.CheckLists[0].BusinessDays = c.rule, c.days
		row := Render(s)[SetCheckLists][0]
		if len(row) != len(l.Columns) || row[clClosingDayRule] != c.rule2 || row[clBusinessDays] != c.day {
			t.Fatalf("%s %v: row %v", c.rule, c.days, row)
		}
		// What the download writes reads back unchanged.
		if p := Build(s, workbookOf(s, nil), listOptions()); p.Changes() != 0 || p.Errors() != 0 {
			t.Fatalf("round trip of %s %v: %+v", c.rule, c.days, p.Rows)
		}
	}
}

// A new list takes each value, by the editor's label or the API's code;
// blank gives the editor's defaults.
func TestANewCheckListTakesItsClosingDayRuleAndDayCount(t *testing.T) {
	cases := []struct {
		name, closing, days string
		rule                string
		business            bool
	}{
		{"前", "前の営業日に送る", "暦日", checklist.ClosingBefore, false},
		{"次", "次の営業日に送る", "営業日", checklist.ClosingAfter, true},
		{"送らない", "送らない", "営業日", checklist.ClosingSkip, true},
		{"コード", "AFTER", "true", checklist.ClosingAfter, true},
		{"コード2", "SKIP", "false", checklist.ClosingSkip, false},
		{"空欄", "", "", checklist.ClosingBefore, false},
	}
	p := Build(withCheckList(), workbookOf(withCheckList(), func(rows map[Set][][]string) {
		for _, c := range cases {
			list, item := newList(c.name, c.closing, c.days)
			rows[SetCheckLists] = append(rows[SetCheckLists], list)
			rows[SetCheckItems] = append(rows[SetCheckItems], item)
		}
	}), listOptions())
	if p.Errors() != 0 || !slices.Equal(opsOf(p, SetCheckLists), []Op{OpUnchanged, OpCreate, OpCreate, OpCreate, OpCreate, OpCreate, OpCreate}) {
		t.Fatalf("plan %+v", p.Rows)
	}
	for _, c := range cases {
		if got := listAction(t, p, c.name); got.ClosingDayRule != c.rule || got.BusinessDays != c.business {
			t.Errorf("%s: %q %v, want %q %v", c.name, got.ClosingDayRule, got.BusinessDays, c.rule, c.business)
		}
	}
}

// Blank cells keep an existing list's rule and count, through another
// change of the row; a value changes them, shown as a change of the column.
func TestAnUpdatedCheckListKeepsItsClosingDayRuleWhenBlank(t *testing.T) {
	blank := Build(withCheckList(), workbookOf(withCheckList(), func(rows map[Set][][]string) {
		rows[SetCheckLists][0][clClosingDayRule], rows[SetCheckLists][0][clBusinessDays] = "", ""
	}), listOptions())
	if blank.Changes() != 0 || blank.Errors() != 0 {
		t.Fatalf("blank cells changed the list: %+v", blank.Rows)
	}
	renamed := Build(withCheckList(), workbookOf(withCheckList(), func(rows map[Set][][]string) {
		rows[SetCheckLists][0][clName] = "QSC 月次点検（新）"
		rows[SetCheckLists][0][clClosingDayRule], rows[SetCheckLists][0][clBusinessDays] = "", ""
	}), listOptions())
	if got := listAction(t, renamed, "QSC 月次点検（新）"); got.ClosingDayRule != checklist.ClosingAfter || !got.BusinessDays {
		t.Fatalf("the renamed list: %q %v", got.ClosingDayRule, got.BusinessDays)
	}
	if r := listRowOf(renamed); r.Op != OpUpdate || len(r.Changes) != 1 || r.Changes[0].Column != "チェックリスト名" {
		t.Fatalf("the renamed row %+v", r)
	}
	changed := Build(withCheckList(), workbookOf(withCheckList(), func(rows map[Set][][]string) {
		rows[SetCheckLists][0][clClosingDayRule], rows[SetCheckLists][0][clBusinessDays] = "送らない", "暦日"
	}), listOptions())
	if got := listAction(t, changed, "QSC 月次点検"); got.ClosingDayRule != checklist.ClosingSkip || got.BusinessDays {
		t.Fatalf("the changed list: %q %v", got.ClosingDayRule, got.BusinessDays)
	}
	if r := listRowOf(changed); r.Op != OpUpdate || !slices.Equal(r.Changes, []Change{
		{Column: "休業日にあたるリマインド", Old: "次の営業日に送る", New: "送らない"}, {Column: "日数の数え方", Old: "営業日", New: "暦日"}}) {
		t.Fatalf("the changed row %+v", r)
	}
}

func TestABadClosingDayRuleOrDayCountIsARowError(t *testing.T) {
	p := Build(withCheckList(), workbookOf(withCheckList(), func(rows map[Set][][]string) {
		rows[SetCheckLists][0][clClosingDayRule] = "前倒し"
		list, item := newList("新しい点検", "", "平日")
		rows[SetCheckLists] = append(rows[SetCheckLists], list)
		rows[SetCheckItems] = append(rows[SetCheckItems], item)
	}), listOptions())
	if !slices.Equal(opsOf(p, SetCheckLists), []Op{OpError, OpError}) || len(p.Actions.CheckLists) != 0 {
		t.Fatalf("plan %+v", p.Rows)
	}
	var errs []CellError
	for _, r := range p.Rows {
		if r.Set == SetCheckLists {
			errs = append(errs, r.Errors...)
		}
	}
	want := []CellError{
		{Column: "休業日にあたるリマインド", Value: "前倒し", Message: MsgClosingDayRule},
		{Column: "日数の数え方", Value: "平日", Message: MsgBusinessDays},
	}
	if !slices.Equal(errs, want) {
		t.Fatalf("errors %+v", errs)
	}
	if got := errs[0].Text(); got != "［休業日にあたるリマインド］「前倒し」: 休業日にあたるリマインドは「前の営業日に送る」「次の営業日に送る」「送らない」のいずれかで入力してください。" {
		t.Fatalf("text %q", got)
	}
}

func TestAnItemsLongExplanationOrChoiceNameIsARowError(t *testing.T) {
	long := strings.Repeat("あ", checklist.MaxChoiceLabel+1)
	p := Build(withCheckList(), workbookOf(withCheckList(), func(rows map[Set][][]string) {
		list, item := newList("新しい点検", "", "")
		item[ciExplanation] = strings.Repeat("説", checklist.MaxExplanation+1)
		item[ciChoices] = long + "=1, ×=0*"
		rows[SetCheckLists] = append(rows[SetCheckLists], list)
		rows[SetCheckItems] = append(rows[SetCheckItems], item)
	}), listOptions())
	var errs []string
	for _, r := range p.Rows {
		if r.Set == SetCheckItems {
			for _, e := range r.Errors {
				errs = append(errs, e.Column+": "+e.Message)
			}
		}
	}
	want := []string{"説明: 説明は1000文字以内です。", "選択肢: 選択肢名は20文字以内です。"}
	slices.Sort(errs)
	slices.Sort(want)
	if !slices.Equal(errs, want) {
		t.Fatalf("errors %q", errs)
	}
}
