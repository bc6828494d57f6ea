package notification

import (
	"errors"
	"fmt"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
)

// Holidays says whether a Tokyo date is a national holiday (a substitute
// holiday included). An adapter answers it from a maintained holiday
// library; the product never keeps its own list.
type Holidays interface {
	IsHoliday(date time.Time) bool
}

// ClosingDay is a day the organization, or one store, does not work: every
// given weekday, or one date (年末年始, a store's 定休日, …).
type ClosingDay struct {
	FacilityID *int64        // nil: the whole organization
	Weekday    *time.Weekday // a weekday every week, or
	Date       time.Time     // one Tokyo date (zero when Weekday is set)
	Label      string
}

// Validate checks one closing day as entered.
func (d ClosingDay) Validate() error {
	switch {
	case d.Weekday == nil && d.Date.IsZero():
		return errors.New("曜日か日付を指定してください。")
	case d.Weekday != nil && !d.Date.IsZero():
		return errors.New("曜日と日付はどちらか一方を指定してください。")
	case d.Weekday != nil && (*d.Weekday < time.Sunday || *d.Weekday > time.Saturday):
		return errors.New("曜日が正しくありません。")
	case len([]rune(d.Label)) > 50:
		return errors.New("名称は50文字以内で入力してください。")
	}
	return nil
}

// MaxClosingDays bounds one organization's list.
const MaxClosingDays = 500

// ValidateClosingDays checks a whole list, naming the first bad entry.
func ValidateClosingDays(days []ClosingDay) error {
	if len(days) > MaxClosingDays {
		return fmt.Errorf("休業日は%d件までです。", MaxClosingDays)
	}
	for i, d := range days {
		if err := d.Validate(); err != nil {
			return fmt.Errorf("%d行目: %w", i+1, err)
		}
	}
	return nil
}

// Calendar is the working calendar of one store (or of the organization,
// for facility 0): national holidays, the organization's closing days and
// the store's own.
type Calendar struct {
	holidays Holidays
	weekdays [7]bool
	dates    map[time.Time]bool
}

// NewCalendar is facilityID's calendar from the organization's closing days
// (its own and every store's; the other stores' are ignored).
func NewCalendar(h Holidays, days []ClosingDay, facilityID int64) Calendar {
	c := Calendar{holidays: h, dates: map[time.Time]bool{}}
	for _, d := range days {
		if d.FacilityID != nil && *d.FacilityID != facilityID {
			continue
		}
		if d.Weekday != nil {
			c.weekdays[*d.Weekday] = true
		} else {
			c.dates[dateOf(d.Date)] = true
		}
	}
	return c
}

// Open reports whether date is a business day.
func (c Calendar) Open(date time.Time) bool {
	date = dateOf(date)
	if c.weekdays[date.Weekday()] || c.dates[date] {
		return false
	}
	return c.holidays == nil || !c.holidays.IsHoliday(date)
}

// DaysBefore is n days before date: calendar days, or business days (the
// n-th business day before it) when business is set.
func (c Calendar) DaysBefore(date time.Time, n int, business bool) time.Time {
	date = dateOf(date)
	if !business {
		return date.AddDate(0, 0, -n)
	}
	for i := 0; i < n; {
		date = date.AddDate(0, 0, -1)
		if c.Open(date) {
			i++
		} else if date.Year() < 1900 {
			break // a calendar closed every day: give up rather than loop
		}
	}
	return date
}

// maxShift is how far a closing day may move a notice; a calendar closed
// for longer skips it.
const maxShift = 31

// Shift applies rule to a notice falling on date: it stays on a business
// day; on a closing day it moves to the business day before or after, or
// is skipped (ok false).
func (c Calendar) Shift(date time.Time, rule string) (time.Time, bool) {
	date = dateOf(date)
	if c.Open(date) {
		return date, true
	}
	step := 0
	switch rule {
	case ClosingBefore:
		step = -1
	case ClosingAfter:
		step = 1
	default:
		return time.Time{}, false
	}
	for i := 0; i < maxShift; i++ {
		date = date.AddDate(0, 0, step)
		if c.Open(date) {
			return date, true
		}
	}
	return time.Time{}, false
}

// What a check list does with a notice that falls on a closing day.
const (
	ClosingBefore = checklist.ClosingBefore
	ClosingAfter  = checklist.ClosingAfter
	ClosingSkip   = checklist.ClosingSkip
)

// dateOf is the Tokyo calendar date of t, at midnight Tokyo.
var dateOf = clock.TokyoDate
