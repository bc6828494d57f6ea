package checklist

import (
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, clock.Tokyo) }

func TestProgressOf(t *testing.T) {
	for _, c := range []struct {
		total, answered int
		want            Progress
	}{{30, 0, Unchecked}, {30, 1, InProgress}, {30, 29, InProgress}, {30, 30, Checked}, {0, 0, Unchecked}, {30, 31, Checked}} {
		if got := ProgressOf(c.total, c.answered); got != c.want {
			t.Errorf("%d/%d: %s, want %s", c.answered, c.total, got, c.want)
		}
	}
}

func TestCurrentMonthIsTokyos(t *testing.T) {
	// 2026-11-30 20:00 UTC is already December 1st in Tokyo.
	p := CurrentMonth(clock.Fixed(time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)))
	if !p.From.Equal(day(2026, 12, 1)) || !p.To.Equal(day(2026, 12, 31)) {
		t.Errorf("got %v – %v", p.From, p.To)
	}
	p = CurrentMonth(clock.Fixed(time.Date(2028, 2, 10, 0, 0, 0, 0, time.UTC)))
	if !p.To.Equal(day(2028, 2, 29)) {
		t.Errorf("leap February ends %v", p.To)
	}
}

func TestActive(t *testing.T) {
	p := Period{From: day(2026, 11, 1), To: day(2026, 11, 30)}
	for d, want := range map[int]bool{1: true, 15: true, 30: true} {
		if p.Active(day(2026, 11, d)) != want {
			t.Errorf("Nov %d", d)
		}
	}
	if p.Active(day(2026, 10, 31)) || p.Active(day(2026, 12, 1)) {
		t.Error("outside the period counted as active")
	}
}

func TestRecurrenceAcrossMonthEnds(t *testing.T) {
	monthly := Recurrence{Interval: 1, Unit: Months}
	cases := []struct {
		r        Recurrence
		from, to time.Time
		wantFrom time.Time
		wantTo   time.Time
	}{
		{monthly, day(2026, 1, 1), day(2026, 1, 31), day(2026, 2, 1), day(2026, 2, 28)},
		{monthly, day(2026, 2, 1), day(2026, 2, 28), day(2026, 3, 1), day(2026, 3, 31)},
		{monthly, day(2027, 12, 1), day(2027, 12, 31), day(2028, 1, 1), day(2028, 1, 31)},
		{monthly, day(2028, 1, 1), day(2028, 1, 31), day(2028, 2, 1), day(2028, 2, 29)},
		{Recurrence{2, Months}, day(2026, 11, 1), day(2026, 12, 31), day(2027, 1, 1), day(2027, 2, 28)},
		{monthly, day(2026, 1, 15), day(2026, 2, 14), day(2026, 2, 15), day(2026, 3, 14)},
		{Recurrence{1, Weeks}, day(2026, 12, 28), day(2027, 1, 3), day(2027, 1, 4), day(2027, 1, 10)},
		{Recurrence{3, Days}, day(2026, 2, 27), day(2026, 2, 28), day(2026, 3, 1), day(2026, 3, 3)},
	}
	for _, c := range cases {
		got, err := c.r.Next(Period{From: c.from, To: c.to})
		if err != nil || !got.From.Equal(c.wantFrom) || !got.To.Equal(c.wantTo) {
			t.Errorf("%+v after %v–%v: %v–%v %v", c.r, c.from.Format("2006-01-02"), c.to.Format("2006-01-02"),
				got.From.Format("2006-01-02"), got.To.Format("2006-01-02"), err)
		}
	}
	if _, err := (Recurrence{0, Months}).Next(Period{From: day(2026, 1, 1), To: day(2026, 1, 31)}); err == nil {
		t.Error("interval 0 accepted")
	}
	if _, err := (Recurrence{1, "YEARS"}).Next(Period{From: day(2026, 1, 1), To: day(2026, 1, 31)}); err == nil {
		t.Error("unknown unit accepted")
	}
}

func TestPeriodsThroughCatchUp(t *testing.T) {
	ps, err := DefaultRecurrence.PeriodsThrough(Period{From: day(2026, 8, 1), To: day(2026, 8, 31)}, day(2026, 11, 22), 24)
	if err != nil || len(ps) != 4 || !ps[3].Active(day(2026, 11, 22)) {
		t.Fatalf("%d periods, %v", len(ps), err)
	}
}

func TestScore(t *testing.T) {
	got, possible, rate := Score([]Answered{
		{Scale: ScaleCircle, Choice: "○"},
		{Scale: ScaleCircle, Choice: "△"},
		{Scale: ScaleCircle, Choice: "×"},
		{Scale: ScaleCircle, Inapplicable: true},
		{Scale: ScaleFive, Choice: "4"},
		{Scale: ScaleFive},
	})
	if got != 7 || possible != 11 || rate != 63.6 {
		t.Errorf("got %d/%d = %v", got, possible, rate)
	}
	if _, _, rate := Score(nil); rate != -1 {
		t.Errorf("empty rate %v", rate)
	}
	if (Scale{{Label: "a"}}).Validate() == nil || (Scale{{Label: "a"}, {Label: "a"}}).Validate() == nil || ScaleFive.Validate() != nil {
		t.Error("scale validation")
	}
}

func TestOneEachRefusesAnItemAnsweredTwice(t *testing.T) {
	if err := OneEach([]Answer{{ItemID: 1}, {ItemID: 2}}); err != nil {
		t.Error(err)
	}
	if f, ok := failure.As(OneEach([]Answer{{ItemID: 7, Choice: "1"}, {ItemID: 7, Choice: "3"}})); !ok || f.Message != MsgTwice {
		t.Errorf("got %+v", f)
	}
}

func TestCheckAnswers(t *testing.T) {
	items := []Item{
		{ID: 1, Question: "床", Scale: ScaleCircle},
		{ID: 2, Question: "トイレ", Scale: ScaleCircle, PhotoRequired: true, InapplicableAllowed: true},
	}
	if err := CheckAnswers(items, []Answer{{ItemID: 1, Choice: "○"}}, false); err != nil {
		t.Errorf("a partial draft: %v", err)
	}
	for name, answers := range map[string][]Answer{
		"unknown choice":       {{ItemID: 1, Choice: "◎"}},
		"inapplicable refused": {{ItemID: 1, Inapplicable: true}},
		"both":                 {{ItemID: 2, Inapplicable: true, Choice: "○"}},
		"another list's item":  {{ItemID: 99, Choice: "○"}},
		"too many photos":      {{ItemID: 2, Choice: "○", PhotoIDs: []int64{1, 2, 3, 4, 5, 6}}},
	} {
		if err := CheckAnswers(items, answers, false); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	if err := CheckAnswers(items, []Answer{{ItemID: 1, Choice: "○"}, {ItemID: 2, Choice: "×"}}, true); err == nil {
		t.Error("submitted without the required photo")
	}
	if err := CheckAnswers(items, []Answer{{ItemID: 1, Choice: "○"}}, true); err == nil {
		t.Error("submitted with an unanswered item")
	}
	if err := CheckAnswers(items, []Answer{{ItemID: 1, Choice: "△"}, {ItemID: 2, Inapplicable: true}}, true); err != nil {
		t.Errorf("complete with inapplicable: %v", err)
	}
	if err := CheckAnswers(items, []Answer{{ItemID: 1, Choice: "△"}, {ItemID: 2, Choice: "○", PhotoIDs: []int64{7}}}, true); err != nil {
		t.Errorf("complete: %v", err)
	}
}

func TestSheetTallyCountsTheCurrentItemsOnly(t *testing.T) {
	sh := Sheet{Total: 3, Categories: []Category{{Name: "店内", Items: []Item{
		{ID: 1, Scale: ScaleCircle}, {ID: 2, Scale: ScaleCircle}, {ID: 3, Scale: ScaleFive},
	}}}}
	got := sh.Tally(map[int64]Answer{
		1:  {ItemID: 1, Choice: "○"},
		2:  {ItemID: 2, Inapplicable: true},
		99: {ItemID: 99, Choice: "○"}, // an item removed from the list since
	})
	want := Tally{Answered: 2, Score: 2, Possible: 2, Progress: InProgress}
	if got != want {
		t.Errorf("partial sheet: %+v, want %+v", got, want)
	}
	got = sh.Tally(map[int64]Answer{1: {Choice: "×"}, 2: {Choice: "△"}, 3: {Choice: "5"}})
	if want := (Tally{Answered: 3, Score: 6, Possible: 9, Progress: Checked}); got != want {
		t.Errorf("full sheet: %+v, want %+v", got, want)
	}
	if got := sh.Tally(nil); got.Progress != Unchecked || got.Answered != 0 {
		t.Errorf("empty sheet: %+v", got)
	}
}

// ValidateSchedule is Validate's schedule rules alone: a schedule without a
// name or categories (the editor's preview) passes, and a bad schedule is
// reported under the field and with the message Validate gives.
func TestValidateScheduleAppliesSavingsScheduleRules(t *testing.T) {
	good := CheckList{First: Period{From: day(2027, 1, 1), To: day(2027, 1, 31)}, Recurrence: DefaultRecurrence,
		StartNotificationTime: "09:00", ReminderNotificationTime: "17:00", ReminderDaysBefore: 3}
	if err := good.ValidateSchedule(); err != nil {
		t.Errorf("a schedule without name or categories: %v", err)
	}
	bad := good
	bad.ReminderNotificationTime, bad.Recurrence.Interval = "25:00", 0
	whole := bad
	whole.Name, whole.Categories = "点検", []Category{{Name: "店内", Items: []Item{{Question: "床", Scale: ScaleCircle}}}}
	for name, err := range map[string]error{"ValidateSchedule": bad.ValidateSchedule(), "Validate": whole.Validate()} {
		f, ok := failure.As(err)
		if !ok || len(f.Fields) != 2 || f.Fields["reminderNotificationTime"] != "時刻はHH:MMの形式で入力してください。" ||
			f.Fields["nextInterval"] != "繰り返し間隔は1以上で入力してください。" {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestValidateBoundsExplanationsAndChoiceNames(t *testing.T) {
	list := func(it Item) CheckList {
		return CheckList{Name: "点検", First: Period{From: day(2027, 1, 1), To: day(2027, 1, 31)}, Recurrence: DefaultRecurrence,
			Categories: []Category{{Name: "店内", Items: []Item{it}}}}
	}
	long := strings.Repeat("あ", 21)
	for _, c := range []struct {
		item Item
		want string
	}{
		{Item{Question: "床", Explanation: strings.Repeat("説", MaxExplanation+1), Scale: ScaleCircle}, "カテゴリ1の項目1の説明は1000文字以内です。"},
		{Item{Question: "床", Scale: Scale{{Label: long, Score: 1}, {Label: "×", Score: 0}}}, "カテゴリ1の項目1の選択肢名は20文字以内です。"},
	} {
		f, ok := failure.As(list(c.item).Validate())
		if !ok || f.Fields["categoryList"] != c.want {
			t.Errorf("want %q, got %v", c.want, f.Fields)
		}
	}
	ok := list(Item{Question: "床", Explanation: strings.Repeat("説", MaxExplanation),
		Scale: Scale{{Label: strings.Repeat("あ", MaxChoiceLabel), Score: 1}, {Label: "×", Score: 0}}})
	if err := ok.Validate(); err != nil {
		t.Errorf("at the limits: %v", err)
	}
}
