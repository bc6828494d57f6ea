package notification

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
)

// jst is an instant in Tokyo.
func jst(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, clock.Tokyo)
}

// ymd is a Tokyo date, at midnight Tokyo.
func ymd(y int, m time.Month, d int) time.Time { return jst(y, m, d, 0, 0) }

// japan stands in for the holiday adapter (rickar/cal/v2 jp): the national
// holidays of 2026 and New Year's Day 2027, substitute holidays included.
type japan map[time.Time]bool

func (j japan) IsHoliday(date time.Time) bool {
	y, m, d := date.In(clock.Tokyo).Date()
	return j[ymd(y, m, d)]
}

var holidays2026 = japan{
	ymd(2026, 1, 1): true, ymd(2026, 1, 12): true, ymd(2026, 2, 11): true, ymd(2026, 2, 23): true,
	ymd(2026, 3, 20): true, ymd(2026, 4, 29): true, ymd(2026, 5, 3): true, ymd(2026, 5, 4): true,
	ymd(2026, 5, 5): true, ymd(2026, 5, 6): true, // 振替休日 for 5/3 (a Sunday)
	ymd(2026, 7, 20): true, ymd(2026, 8, 11): true, ymd(2026, 9, 21): true,
	ymd(2026, 9, 22): true, // 国民の休日 between 敬老の日 and 秋分の日
	ymd(2026, 9, 23): true, ymd(2026, 10, 12): true, ymd(2026, 11, 3): true, ymd(2026, 11, 23): true,
	ymd(2027, 1, 1): true,
}

func weekday(d time.Weekday) *time.Weekday { return &d }

func facility(id int64) *int64 { return &id }

// demoDays are the demo organization's closing days: weekends and 年末年始
// for everyone, Wednesdays for store 5 (横浜港北店), Mondays for store 6.
var demoDays = []ClosingDay{
	{Weekday: weekday(time.Saturday), Label: "土曜"},
	{Weekday: weekday(time.Sunday), Label: "日曜"},
	{Date: ymd(2026, 12, 31), Label: "年末年始"},
	{Date: ymd(2027, 1, 2), Label: "年末年始"},
	{Date: ymd(2027, 1, 3), Label: "年末年始"},
	{FacilityID: facility(5), Weekday: weekday(time.Wednesday), Label: "定休日"},
	{FacilityID: facility(6), Weekday: weekday(time.Monday), Label: "定休日"},
	{FacilityID: facility(6), Date: ymd(2026, 11, 27), Label: "棚卸"},
}

func TestClosingDayValidate(t *testing.T) {
	cases := []struct {
		name string
		day  ClosingDay
		want string // "" for valid
	}{
		{"weekday", ClosingDay{Weekday: weekday(time.Sunday)}, ""},
		{"saturday", ClosingDay{Weekday: weekday(time.Saturday), Label: "土曜"}, ""},
		{"date", ClosingDay{Date: ymd(2026, 12, 31), Label: "年末年始"}, ""},
		{"store's own", ClosingDay{FacilityID: facility(5), Weekday: weekday(time.Wednesday), Label: "定休日"}, ""},
		{"label of 50", ClosingDay{Date: ymd(2026, 12, 31), Label: strings.Repeat("休", 50)}, ""},
		{"neither", ClosingDay{Label: "休み"}, "曜日か日付を指定してください。"},
		{"both", ClosingDay{Weekday: weekday(time.Monday), Date: ymd(2026, 12, 31)}, "曜日と日付はどちらか一方を指定してください。"},
		{"weekday 7", ClosingDay{Weekday: weekday(7)}, "曜日が正しくありません。"},
		{"weekday -1", ClosingDay{Weekday: weekday(-1)}, "曜日が正しくありません。"},
		{"label of 51", ClosingDay{Date: ymd(2026, 12, 31), Label: strings.Repeat("休", 51)}, "名称は50文字以内で入力してください。"},
	}
	for _, c := range cases {
		err := c.day.Validate()
		if c.want == "" && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if c.want != "" && (err == nil || err.Error() != c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

func TestValidateClosingDays(t *testing.T) {
	many := make([]ClosingDay, MaxClosingDays+1)
	for i := range many {
		many[i] = ClosingDay{Date: ymd(2026, 1, 1).AddDate(0, 0, i)}
	}
	cases := []struct {
		name string
		days []ClosingDay
		want string
	}{
		{"none", nil, ""},
		{"demo", demoDays, ""},
		{"at the limit", many[:MaxClosingDays], ""},
		{"over the limit", many, "休業日は500件までです。"},
		{"third row", []ClosingDay{{Weekday: weekday(time.Sunday)}, {Date: ymd(2026, 12, 31)}, {Label: "空"}}, "3行目: 曜日か日付を指定してください。"},
		{"first row", []ClosingDay{{Weekday: weekday(9)}, {}}, "1行目: 曜日が正しくありません。"},
	}
	for _, c := range cases {
		err := ValidateClosingDays(c.days)
		if c.want == "" && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if c.want != "" && (err == nil || err.Error() != c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
	// The row's own error stays reachable.
	bad := ClosingDay{}
	err := ValidateClosingDays([]ClosingDay{bad})
	if inner := errors.Unwrap(err); inner == nil || inner.Error() != bad.Validate().Error() {
		t.Errorf("unwrap: %v", inner)
	}
}

func TestCalendarOpen(t *testing.T) {
	org := NewCalendar(holidays2026, demoDays, 0)
	store5 := NewCalendar(holidays2026, demoDays, 5)
	store6 := NewCalendar(holidays2026, demoDays, 6)
	noHolidays := NewCalendar(nil, demoDays, 0)
	empty := NewCalendar(nil, nil, 0)
	cases := []struct {
		name string
		cal  Calendar
		at   time.Time
		open bool
	}{
		{"a Thursday", org, ymd(2026, 11, 26), true},
		{"Saturday", org, ymd(2026, 11, 28), false},
		{"Sunday", org, ymd(2026, 11, 29), false},
		{"勤労感謝の日 (Monday)", org, ymd(2026, 11, 23), false},
		{"振替休日 5/6", org, ymd(2026, 5, 6), false},
		{"国民の休日 9/22", org, ymd(2026, 9, 22), false},
		{"年末 12/31", org, ymd(2026, 12, 31), false},
		{"12/30 is open", org, ymd(2026, 12, 30), true},
		{"元日 2027 (holiday)", org, ymd(2027, 1, 1), false},
		{"1/4 2027 is open", org, ymd(2027, 1, 4), true},
		{"org ignores store 5's Wednesday", org, ymd(2026, 11, 25), true},
		{"store 5's Wednesday", store5, ymd(2026, 11, 25), false},
		{"store 5 keeps the org's days", store5, ymd(2026, 12, 31), false},
		{"store 5 on Monday", store5, ymd(2026, 11, 30), true},
		{"store 6's Monday", store6, ymd(2026, 11, 30), false},
		{"store 6's 棚卸", store6, ymd(2026, 11, 27), false},
		{"store 5 ignores store 6's 棚卸", store5, ymd(2026, 11, 27), true},
		{"no holiday port: holiday open", noHolidays, ymd(2026, 11, 23), true},
		{"no holiday port: closing day still closed", noHolidays, ymd(2026, 12, 31), false},
		{"empty calendar on a Sunday", empty, ymd(2026, 11, 29), true},
		// 2026-12-30 15:00 UTC is already 12/31 in Tokyo.
		{"UTC instant on Tokyo 12/31", org, time.Date(2026, 12, 30, 15, 0, 0, 0, time.UTC), false},
		{"UTC instant still Tokyo 12/30", org, time.Date(2026, 12, 30, 14, 59, 59, 0, time.UTC), true},
		// 2026-11-22 (Sunday) 15:00 UTC is Monday 11/23 in Tokyo: a holiday.
		{"UTC Sunday is Tokyo's holiday Monday", org, time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC), false},
		{"late evening Tokyo", org, jst(2026, 11, 26, 23, 59), true},
	}
	for _, c := range cases {
		if got := c.cal.Open(c.at); got != c.open {
			t.Errorf("%s: Open(%v) = %v, want %v", c.name, c.at, got, c.open)
		}
	}
}

func TestClosingDateGivenInUTC(t *testing.T) {
	// A date stored as midnight UTC names the same Tokyo date.
	cal := NewCalendar(nil, []ClosingDay{{Date: time.Date(2026, 8, 14, 0, 0, 0, 0, time.UTC)}}, 0)
	if cal.Open(ymd(2026, 8, 14)) || !cal.Open(ymd(2026, 8, 13)) || !cal.Open(ymd(2026, 8, 15)) {
		t.Error("closing date given at midnight UTC")
	}
}

func TestDaysBefore(t *testing.T) {
	org := NewCalendar(holidays2026, demoDays, 0)
	store5 := NewCalendar(holidays2026, demoDays, 5)
	cases := []struct {
		name     string
		cal      Calendar
		date     time.Time
		n        int
		business bool
		want     time.Time
	}{
		{"zero calendar days", org, ymd(2026, 11, 30), 0, false, ymd(2026, 11, 30)},
		{"zero business days keeps a closed day", org, ymd(2026, 11, 29), 0, true, ymd(2026, 11, 29)},
		{"calendar days ignore closing", org, ymd(2026, 11, 30), 3, false, ymd(2026, 11, 27)},
		{"calendar days onto a Sunday", org, ymd(2026, 11, 30), 1, false, ymd(2026, 11, 29)},
		{"into February (28 days)", org, ymd(2026, 3, 1), 1, false, ymd(2026, 2, 28)},
		{"into February (leap year)", org, ymd(2028, 3, 1), 1, false, ymd(2028, 2, 29)},
		{"from a 30-day month end", org, ymd(2026, 4, 30), 30, false, ymd(2026, 3, 31)},
		{"from a 31-day month end", org, ymd(2026, 3, 31), 31, false, ymd(2026, 2, 28)},
		{"across the year end", org, ymd(2027, 1, 1), 3, false, ymd(2026, 12, 29)},
		{"UTC instant counts from the Tokyo date", org, time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC), 3, false, ymd(2026, 11, 27)},
		{"one business day before Monday", org, ymd(2026, 11, 30), 1, true, ymd(2026, 11, 27)},
		{"business days skip a holiday", org, ymd(2026, 11, 24), 1, true, ymd(2026, 11, 20)},
		{"after Golden Week", org, ymd(2026, 5, 7), 1, true, ymd(2026, 5, 1)},
		{"after Golden Week, 2", org, ymd(2026, 5, 7), 2, true, ymd(2026, 4, 30)},
		{"after Golden Week, 3 (昭和の日)", org, ymd(2026, 5, 7), 3, true, ymd(2026, 4, 28)},
		{"after 年末年始", org, ymd(2027, 1, 4), 1, true, ymd(2026, 12, 30)},
		{"シルバーウィーク", org, ymd(2026, 9, 30), 5, true, ymd(2026, 9, 18)},
		{"store's own weekday", store5, ymd(2026, 11, 26), 1, true, ymd(2026, 11, 24)},
		{"org ignores the store's weekday", org, ymd(2026, 11, 26), 1, true, ymd(2026, 11, 25)},
	}
	for _, c := range cases {
		if got := c.cal.DaysBefore(c.date, c.n, c.business); !got.Equal(c.want) {
			t.Errorf("%s: DaysBefore(%s, %d, %v) = %s, want %s", c.name, c.date.Format(time.RFC3339), c.n, c.business,
				got.Format(time.RFC3339), c.want.Format(time.RFC3339))
		}
	}
}

func TestDaysBeforeGivesUpOnAClosedCalendar(t *testing.T) {
	var all []ClosingDay
	for d := time.Sunday; d <= time.Saturday; d++ {
		all = append(all, ClosingDay{Weekday: weekday(d)})
	}
	// It steps back to the last day of 1899 and stops there. (The time of
	// day is not asserted: Tokyo kept summer time in 1948-1951.)
	got := NewCalendar(nil, all, 0).DaysBefore(ymd(2026, 11, 30), 1, true)
	if y, m, d := got.In(clock.Tokyo).Date(); y != 1899 || m != time.December || d != 31 {
		t.Errorf("closed every day: %v", got)
	}
}

func TestShift(t *testing.T) {
	org := NewCalendar(holidays2026, demoDays, 0)
	// Closed for 31 days from 2026-08-01, then for 32 days from 2026-10-01.
	var long []ClosingDay
	for i := 0; i < 31; i++ {
		long = append(long, ClosingDay{Date: ymd(2026, 8, 1).AddDate(0, 0, i)})
	}
	for i := 0; i < 32; i++ {
		long = append(long, ClosingDay{Date: ymd(2026, 10, 1).AddDate(0, 0, i)})
	}
	closedLong := NewCalendar(nil, long, 0)
	cases := []struct {
		name string
		cal  Calendar
		date time.Time
		rule string
		want time.Time
		ok   bool
	}{
		{"open day stays (before)", org, ymd(2026, 11, 26), ClosingBefore, ymd(2026, 11, 26), true},
		{"open day stays (after)", org, ymd(2026, 11, 26), ClosingAfter, ymd(2026, 11, 26), true},
		{"open day stays (skip)", org, ymd(2026, 11, 26), ClosingSkip, ymd(2026, 11, 26), true},
		{"open day stays (unknown rule)", org, ymd(2026, 11, 26), "", ymd(2026, 11, 26), true},
		{"Sunday before", org, ymd(2026, 11, 29), ClosingBefore, ymd(2026, 11, 27), true},
		{"Sunday after", org, ymd(2026, 11, 29), ClosingAfter, ymd(2026, 11, 30), true},
		{"Saturday before a holiday Monday, after", org, ymd(2026, 11, 21), ClosingAfter, ymd(2026, 11, 24), true},
		{"Sunday skip", org, ymd(2026, 11, 29), ClosingSkip, time.Time{}, false},
		{"unknown rule skips", org, ymd(2026, 11, 29), "", time.Time{}, false},
		{"Golden Week before", org, ymd(2026, 5, 4), ClosingBefore, ymd(2026, 5, 1), true},
		{"Golden Week after", org, ymd(2026, 5, 4), ClosingAfter, ymd(2026, 5, 7), true},
		{"年末 before", org, ymd(2026, 12, 31), ClosingBefore, ymd(2026, 12, 30), true},
		{"年末 after, into the new year", org, ymd(2026, 12, 31), ClosingAfter, ymd(2027, 1, 4), true},
		{"UTC instant on a Tokyo holiday", org, time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC), ClosingAfter, ymd(2026, 11, 24), true},
		{"31 closed days: the 31st step finds a day", closedLong, ymd(2026, 8, 1), ClosingAfter, ymd(2026, 9, 1), true},
		{"32 closed days: given up", closedLong, ymd(2026, 10, 1), ClosingAfter, time.Time{}, false},
		{"32 closed days backwards: given up", closedLong, ymd(2026, 11, 1), ClosingBefore, time.Time{}, false},
		{"31 closed days backwards", closedLong, ymd(2026, 8, 31), ClosingBefore, ymd(2026, 7, 31), true},
	}
	for _, c := range cases {
		got, ok := c.cal.Shift(c.date, c.rule)
		if ok != c.ok || !got.Equal(c.want) {
			t.Errorf("%s: Shift(%s, %q) = %s %v, want %s %v", c.name, c.date.Format(time.RFC3339), c.rule,
				got.Format(time.RFC3339), ok, c.want.Format(time.RFC3339), c.ok)
		}
		if ok && got.Location() != clock.Tokyo {
			t.Errorf("%s: %v not in Tokyo", c.name, got)
		}
	}
}
