package notification

import (
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/failure"
)

func month(y int, m time.Month) checklist.Period {
	from := ymd(y, m, 1)
	return checklist.Period{From: from, To: from.AddDate(0, 1, -1)}
}

func TestAt(t *testing.T) {
	newYork, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		date time.Time
		hhmm string
		want time.Time // zero: not ok
	}{
		{"09:00 Tokyo is midnight UTC", ymd(2026, 11, 1), "09:00", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)},
		{"23:59 on New Year's Eve", ymd(2026, 12, 31), "23:59", time.Date(2026, 12, 31, 14, 59, 0, 0, time.UTC)},
		{"00:00", ymd(2026, 11, 1), "00:00", time.Date(2026, 10, 31, 15, 0, 0, 0, time.UTC)},
		{"a UTC instant already the next Tokyo day", time.Date(2026, 3, 31, 15, 0, 0, 0, time.UTC), "00:00", jst(2026, 4, 1, 0, 0)},
		{"a UTC instant still the same Tokyo day", time.Date(2026, 3, 31, 14, 59, 0, 0, time.UTC), "10:00", jst(2026, 3, 31, 10, 0)},
		{"the time of day of date is dropped", jst(2026, 11, 27, 23, 30), "17:00", jst(2026, 11, 27, 17, 0)},
		{"a year-end UTC instant", time.Date(2026, 12, 31, 20, 0, 0, 0, time.UTC), "09:00", jst(2027, 1, 1, 9, 0)},
		// New York springs forward on 2026-03-08; Tokyo has no DST, so 02:30 exists.
		{"no DST in Tokyo", time.Date(2026, 3, 8, 0, 0, 0, 0, newYork), "02:30", time.Date(2026, 3, 7, 17, 30, 0, 0, time.UTC)},
		{"leap day", ymd(2028, 2, 29), "12:00", time.Date(2028, 2, 29, 3, 0, 0, 0, time.UTC)},
		{"empty", ymd(2026, 11, 1), "", time.Time{}},
		{"one-digit hour", ymd(2026, 11, 1), "9:00", time.Time{}},
		{"seconds", ymd(2026, 11, 1), "09:00:00", time.Time{}},
		{"hour 24", ymd(2026, 11, 1), "24:00", time.Time{}},
		{"minute 60", ymd(2026, 11, 1), "23:60", time.Time{}},
		{"letters", ymd(2026, 11, 1), "ab:cd", time.Time{}},
		{"dash", ymd(2026, 11, 1), "09-00", time.Time{}},
		{"no colon", ymd(2026, 11, 1), "0900 ", time.Time{}},
		{"a negative hour", ymd(2026, 11, 1), "-1:00", time.Time{}},
		{"a negative minute", ymd(2026, 11, 1), "12:-5", time.Time{}},
		{"a trailing letter", ymd(2026, 11, 1), "09:5x", time.Time{}},
		{"a plus sign", ymd(2026, 11, 1), "+9:00", time.Time{}},
		{"a space for a digit", ymd(2026, 11, 1), " 9:00", time.Time{}},
	}
	for _, c := range cases {
		got, ok := At(c.date, c.hhmm)
		if ok != !c.want.IsZero() || !got.Equal(c.want) {
			t.Errorf("%s: At(%v, %q) = %v %v, want %v", c.name, c.date, c.hhmm, got, ok, c.want)
		}
		if ok && got.Location().String() != "Asia/Tokyo" {
			t.Errorf("%s: in %v", c.name, got.Location())
		}
	}
}

func TestStartAt(t *testing.T) {
	cases := []struct {
		name   string
		timing Timing
		period checklist.Period
		want   time.Time
	}{
		{"first day at the start time", Timing{StartTime: "09:00"}, month(2026, 11), jst(2026, 11, 1, 9, 0)},
		{"never moved off a holiday and closing day", Timing{StartTime: "09:00", ClosingRule: ClosingSkip}, month(2027, 1), jst(2027, 1, 1, 9, 0)},
		{"February", Timing{StartTime: "00:00"}, month(2026, 2), jst(2026, 2, 1, 0, 0)},
		{"no start time", Timing{ReminderTime: "17:00"}, month(2026, 11), time.Time{}},
	}
	for _, c := range cases {
		got, ok := c.timing.StartAt(c.period)
		if ok != !c.want.IsZero() || !got.Equal(c.want) {
			t.Errorf("%s: got %v %v, want %v", c.name, got, ok, c.want)
		}
	}
}

func TestReminderAt(t *testing.T) {
	org := NewCalendar(holidays2026, demoDays, 0)
	store5 := NewCalendar(holidays2026, demoDays, 5)
	remind := func(days int, rule string) Timing {
		return Timing{ReminderTime: "17:00", ReminderDaysBefore: days, ClosingRule: rule}
	}
	business := func(days int) Timing {
		t := remind(days, ClosingBefore)
		t.BusinessDays = true
		return t
	}
	cases := []struct {
		name   string
		timing Timing
		cal    Calendar
		period checklist.Period
		want   time.Time // zero: not sent
	}{
		{"3 days before a 30-day month's end", remind(3, ClosingBefore), org, month(2026, 11), jst(2026, 11, 27, 17, 0)},
		{"0 days: the last day", remind(0, ClosingBefore), org, month(2026, 6), jst(2026, 6, 30, 17, 0)},
		{"昭和の日, before", remind(1, ClosingBefore), org, month(2026, 4), jst(2026, 4, 28, 17, 0)},
		{"昭和の日, after", remind(1, ClosingAfter), org, month(2026, 4), jst(2026, 4, 30, 17, 0)},
		{"昭和の日, skip", remind(1, ClosingSkip), org, month(2026, 4), time.Time{}},
		{"28-day February", remind(3, ClosingBefore), org, month(2026, 2), jst(2026, 2, 25, 17, 0)},
		{"leap February onto a Saturday", remind(3, ClosingBefore), org, month(2028, 2), jst(2028, 2, 25, 17, 0)},
		{"leap February onto a Saturday, after", remind(3, ClosingAfter), org, month(2028, 2), jst(2028, 2, 28, 17, 0)},
		{"31-day month ending on a Saturday", remind(0, ClosingBefore), org, month(2026, 1), jst(2026, 1, 30, 17, 0)},
		{"年末, before", remind(0, ClosingBefore), org, month(2026, 12), jst(2026, 12, 30, 17, 0)},
		{"年末, after leaves the period", remind(0, ClosingAfter), org, month(2026, 12), time.Time{}},
		{"moved before the period's start",
			remind(0, ClosingBefore), org, checklist.Period{From: ymd(2026, 5, 2), To: ymd(2026, 5, 6)}, time.Time{}},
		{"more days than the period",
			remind(10, ClosingBefore), org, checklist.Period{From: ymd(2026, 11, 23), To: ymd(2026, 11, 29)}, time.Time{}},
		{"on the first day is sent",
			remind(6, ClosingBefore), org, checklist.Period{From: ymd(2026, 11, 24), To: ymd(2026, 11, 30)}, jst(2026, 11, 24, 17, 0)},
		{"calendar days over シルバーウィーク", remind(5, ClosingBefore), org, month(2026, 9), jst(2026, 9, 25, 17, 0)},
		{"business days over シルバーウィーク", business(5), org, month(2026, 9), jst(2026, 9, 18, 17, 0)},
		{"business days over a weekend", business(1), org, month(2026, 11), jst(2026, 11, 27, 17, 0)},
		{"organization calendar: Wednesday open", remind(5, ClosingBefore), org, month(2026, 11), jst(2026, 11, 25, 17, 0)},
		{"store's Wednesday closed: moved", remind(5, ClosingBefore), store5, month(2026, 11), jst(2026, 11, 24, 17, 0)},
		{"no reminder time", Timing{ReminderDaysBefore: 3, ClosingRule: ClosingBefore}, org, month(2026, 11), time.Time{}},
		{"malformed reminder time", Timing{ReminderTime: "25:00", ClosingRule: ClosingBefore}, org, month(2026, 11), time.Time{}},
	}
	for _, c := range cases {
		got, ok := c.timing.ReminderAt(c.cal, c.period)
		if ok != !c.want.IsZero() || !got.Equal(c.want) {
			t.Errorf("%s: got %v %v, want %v", c.name, got, ok, c.want)
		}
	}
}

func TestImprovementAt(t *testing.T) {
	org := NewCalendar(holidays2026, demoDays, 0)
	improve := func(days int, rule string, business bool) Timing {
		return Timing{ImprovementTime: "10:00", ImprovementDaysBefore: days, ClosingRule: rule, BusinessDays: business}
	}
	cases := []struct {
		name   string
		timing Timing
		due    time.Time
		want   time.Time
	}{
		{"open day", improve(2, ClosingBefore, false), ymd(2026, 11, 27), jst(2026, 11, 25, 10, 0)},
		{"0 days: the due date", improve(0, ClosingBefore, false), ymd(2026, 11, 27), jst(2026, 11, 27, 10, 0)},
		{"こどもの日, before", improve(2, ClosingBefore, false), ymd(2026, 5, 7), jst(2026, 5, 1, 10, 0)},
		{"こどもの日, after", improve(2, ClosingAfter, false), ymd(2026, 5, 7), jst(2026, 5, 7, 10, 0)},
		{"こどもの日, skip", improve(2, ClosingSkip, false), ymd(2026, 5, 7), time.Time{}},
		{"business days over Golden Week", improve(2, ClosingBefore, true), ymd(2026, 5, 7), jst(2026, 4, 30, 10, 0)},
		{"due as a UTC instant of Tokyo 5/7", improve(2, ClosingBefore, false), time.Date(2026, 5, 6, 15, 0, 0, 0, time.UTC), jst(2026, 5, 1, 10, 0)},
		{"over 年末年始", improve(2, ClosingBefore, false), ymd(2027, 1, 4), jst(2026, 12, 30, 10, 0)},
		{"no improvement time", Timing{ImprovementDaysBefore: 2, ReminderTime: "10:00", ClosingRule: ClosingBefore}, ymd(2026, 11, 27), time.Time{}},
	}
	for _, c := range cases {
		got, ok := c.timing.ImprovementAt(org, c.due)
		if ok != !c.want.IsZero() || !got.Equal(c.want) {
			t.Errorf("%s: got %v %v, want %v", c.name, got, ok, c.want)
		}
	}
}

func TestEscalationAt(t *testing.T) {
	if EscalationTime != "09:00" {
		t.Errorf("EscalationTime %q", EscalationTime)
	}
	cases := []struct {
		name  string
		due   time.Time
		days  int
		level int
		want  time.Time
	}{
		{"level 1, closing days ignored", ymd(2026, 12, 30), 3, 1, jst(2027, 1, 2, 9, 0)},
		{"level 2", ymd(2026, 12, 30), 3, 2, jst(2027, 1, 5, 9, 0)},
		{"level 3, every day", ymd(2026, 11, 30), 1, 3, jst(2026, 12, 3, 9, 0)},
		{"past a 28-day February", ymd(2026, 1, 31), 30, 1, jst(2026, 3, 2, 9, 0)},
		{"past a leap February", ymd(2028, 1, 31), 30, 1, jst(2028, 3, 1, 9, 0)},
		{"due as a UTC instant", time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC), 3, 1, time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)},
		{"the due date's time is dropped", jst(2026, 11, 30, 18, 45), 90, 1, jst(2027, 2, 28, 9, 0)},
	}
	for _, c := range cases {
		if got := EscalationAt(c.due, c.days, c.level); !got.Equal(c.want) {
			t.Errorf("%s: EscalationAt(%v, %d, %d) = %v, want %v", c.name, c.due, c.days, c.level, got, c.want)
		}
	}
}

func TestCheckEscalationDays(t *testing.T) {
	cases := []struct {
		n    int
		want string // "" for valid
	}{
		{-1, "エスカレーション日数は0以上で入力してください。"},
		{0, ""},
		{3, ""},
		{90, ""},
		{91, "エスカレーション日数は90以下で入力してください。"},
	}
	for _, c := range cases {
		err := CheckEscalationDays(c.n)
		if c.want == "" {
			if err != nil {
				t.Errorf("%d: %v", c.n, err)
			}
			continue
		}
		f, ok := failure.As(err)
		if !ok || f.Kind != failure.KindInvalid || f.Fields["escalationDays"] != c.want || len(f.Fields) != 1 {
			t.Errorf("%d: got %v, want %q", c.n, err, c.want)
		}
	}
}

func TestKeys(t *testing.T) {
	cases := []struct {
		got, want string
	}{
		{CheckKey(KindCheckStart, 12, 5), "CHECK_START:12:5"},
		{CheckKey(KindCheckReminder, 12, 0), "CHECK_REMINDER:12:0"},
		{ImprovementKey(7, ymd(2026, 11, 30)), "IMPROVEMENT_REMINDER:7:20261130"},
		{ImprovementKey(7, time.Date(2026, 12, 31, 15, 0, 0, 0, time.UTC)), "IMPROVEMENT_REMINDER:7:20270101"},
		{ImprovementKey(7, time.Date(2026, 12, 31, 14, 59, 0, 0, time.UTC)), "IMPROVEMENT_REMINDER:7:20261231"},
		{EscalationKey(7, ymd(2026, 11, 30), 1), "ESCALATION:7:20261130:1"},
		{EscalationKey(7, ymd(2026, 11, 30), 2), "ESCALATION:7:20261130:2"},
		{EscalationKey(8, time.Date(2028, 2, 28, 15, 0, 0, 0, time.UTC), 1), "ESCALATION:8:20280229:1"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	// A moved due date is a new occurrence.
	if ImprovementKey(7, ymd(2026, 11, 30)) == ImprovementKey(7, ymd(2026, 12, 1)) ||
		EscalationKey(7, ymd(2026, 11, 30), 1) == EscalationKey(7, ymd(2026, 12, 1), 1) {
		t.Error("a moved due date kept its key")
	}
}

func TestFateOf(t *testing.T) {
	if Grace != 6*time.Hour || Lookback != 72*time.Hour {
		t.Fatalf("grace %v look-back %v", Grace, Lookback)
	}
	at := jst(2026, 11, 27, 17, 0)
	cases := []struct {
		name string
		now  time.Time
		want Fate
	}{
		{"a minute early", at.Add(-time.Minute), NotYet},
		{"a nanosecond early", at.Add(-time.Nanosecond), NotYet},
		{"at its instant", at, Send},
		{"at its instant, seen in UTC", time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC), Send},
		{"a minute late", at.Add(time.Minute), Send},
		{"the end of the grace", at.Add(6 * time.Hour), Send},
		{"just past the grace", at.Add(6*time.Hour + time.Nanosecond), Missed},
		{"a day late", at.Add(24 * time.Hour), Missed},
		{"the end of the look-back", at.Add(72 * time.Hour), Missed},
		{"just past the look-back", at.Add(72*time.Hour + time.Nanosecond), TooOld},
		{"a year late", at.AddDate(1, 0, 0), TooOld},
	}
	for _, c := range cases {
		if got := FateOf(at, c.now); got != c.want {
			t.Errorf("%s: FateOf = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestKindLabel(t *testing.T) {
	cases := []struct{ kind, want string }{
		{KindCheckStart, "チェック開始"},
		{KindCheckReminder, "チェックリマインド"},
		{KindImprovementReminder, "改善報告リマインド"},
		{KindEscalation, "改善報告の期限超過"},
		{KindMail, "メール"},
		{"SOMETHING_NEW", "SOMETHING_NEW"},
		{"", ""},
	}
	for _, c := range cases {
		if got := KindLabel(c.kind); got != c.want {
			t.Errorf("KindLabel(%q) = %q, want %q", c.kind, got, c.want)
		}
	}
	kinds := map[string]string{KindCheckStart: "CHECK_START", KindCheckReminder: "CHECK_REMINDER",
		KindImprovementReminder: "IMPROVEMENT_REMINDER", KindEscalation: "ESCALATION", KindMail: "MAIL"}
	for got, want := range kinds {
		if got != want {
			t.Errorf("kind %q, want %q", got, want)
		}
	}
}

func TestPreview(t *testing.T) {
	org := NewCalendar(holidays2026, demoDays, 0)
	monthly := checklist.Recurrence{Interval: 1, Unit: checklist.Months}
	daily := checklist.Recurrence{Interval: 1, Unit: checklist.Days}
	type planned struct {
		kind string
		at   time.Time
		from time.Time
	}
	s, r := KindCheckStart, KindCheckReminder
	demo := Timing{StartTime: "09:00", ReminderTime: "17:00", ReminderDaysBefore: 3, ClosingRule: ClosingBefore}
	cases := []struct {
		name   string
		timing Timing
		first  checklist.Period
		rec    checklist.Recurrence
		now    time.Time
		n      int
		want   []planned
	}{
		{"a start at now is not upcoming", demo, month(2026, 11), monthly, jst(2026, 11, 1, 9, 0), 4, []planned{
			{r, jst(2026, 11, 27, 17, 0), ymd(2026, 11, 1)},
			{s, jst(2026, 12, 1, 9, 0), ymd(2026, 12, 1)},
			{r, jst(2026, 12, 28, 17, 0), ymd(2026, 12, 1)},
			{s, jst(2027, 1, 1, 9, 0), ymd(2027, 1, 1)},
		}},
		{"before the first period", demo, month(2026, 11), monthly, jst(2026, 10, 31, 12, 0), 2, []planned{
			{s, jst(2026, 11, 1, 9, 0), ymd(2026, 11, 1)},
			{r, jst(2026, 11, 27, 17, 0), ymd(2026, 11, 1)},
		}},
		{"month ends of 31, 28, 31 and 30 days", Timing{ReminderTime: "17:00", ClosingRule: ClosingBefore},
			month(2026, 1), monthly, jst(2025, 12, 1, 0, 0), 4, []planned{
				{r, jst(2026, 1, 30, 17, 0), ymd(2026, 1, 1)},
				{r, jst(2026, 2, 27, 17, 0), ymd(2026, 2, 1)},
				{r, jst(2026, 3, 31, 17, 0), ymd(2026, 3, 1)},
				{r, jst(2026, 4, 30, 17, 0), ymd(2026, 4, 1)},
			}},
		{"daily: sorted by time, a holiday's reminder not sent",
			Timing{StartTime: "09:00", ReminderTime: "08:00", ClosingRule: ClosingBefore},
			checklist.Period{From: ymd(2026, 11, 2), To: ymd(2026, 11, 2)}, daily, jst(2026, 11, 1, 23, 0), 5, []planned{
				{r, jst(2026, 11, 2, 8, 0), ymd(2026, 11, 2)},
				{s, jst(2026, 11, 2, 9, 0), ymd(2026, 11, 2)},
				{s, jst(2026, 11, 3, 9, 0), ymd(2026, 11, 3)},
				{r, jst(2026, 11, 4, 8, 0), ymd(2026, 11, 4)},
				{s, jst(2026, 11, 4, 9, 0), ymd(2026, 11, 4)},
			}},
		{"a bad recurrence stops after the first period", demo, month(2026, 11), checklist.Recurrence{}, jst(2026, 10, 1, 0, 0), 6, []planned{
			{s, jst(2026, 11, 1, 9, 0), ymd(2026, 11, 1)},
			{r, jst(2026, 11, 27, 17, 0), ymd(2026, 11, 1)},
		}},
		{"none asked", demo, month(2026, 11), monthly, jst(2026, 10, 1, 0, 0), 0, nil},
		{"no notification times", Timing{ClosingRule: ClosingBefore}, month(2026, 11), monthly, jst(2026, 10, 1, 0, 0), 6, nil},
	}
	for _, c := range cases {
		got := Preview(c.timing, c.first, c.rec, org, c.now, c.n)
		if len(got) != len(c.want) {
			t.Errorf("%s: %d notices, want %d: %+v", c.name, len(got), len(c.want), got)
			continue
		}
		for i, w := range c.want {
			g := got[i]
			if g.Kind != w.kind || !g.At.Equal(w.at) || !g.Period.From.Equal(w.from) {
				t.Errorf("%s: #%d = %s %v (period from %v), want %s %v (from %v)", c.name, i, g.Kind, g.At, g.Period.From, w.kind, w.at, w.from)
			}
		}
	}
}
