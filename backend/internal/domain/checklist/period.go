// Package checklist holds check lists: what head office asks stores to
// check, when (periods that recur), how answers are scored, and how far a
// store has come (progress).
package checklist

import (
	"errors"
	"time"

	"github.com/rouder/console/internal/domain/clock"
)

// Duration units of a check list's recurrence (nextDuration; docs/product/constants.md).
const (
	Days   = "DAYS"
	Weeks  = "WEEKS"
	Months = "MONTHS"
)

// Period is one span of days, both ends included, as Tokyo calendar dates
// (midnight in clock.Tokyo).
type Period struct {
	From time.Time
	To   time.Time
}

// Active reports whether today (a Tokyo date) lies in the period: docs/product/constants.md
// section 4, "neither before fromDate nor after toDate".
func (p Period) Active(today time.Time) bool {
	return !today.Before(p.From) && !today.After(p.To)
}

// Days is how many calendar days the period spans.
func (p Period) Days() int { return int(p.To.Sub(p.From).Hours()/24+0.5) + 1 }

// CurrentMonth is the default period of a new check list: the month of
// today in Tokyo.
func CurrentMonth(c clock.Clock) Period {
	today := clock.Today(c)
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, clock.Tokyo)
	return Period{From: first, To: first.AddDate(0, 1, -1)}
}

// Recurrence opens the next period when one ends: every Interval units.
type Recurrence struct {
	Interval int    // nextInterval, default 1
	Unit     string // nextDuration, default MONTHS
}

// DefaultRecurrence is the default (docs/checks.md): every 1 month.
var DefaultRecurrence = Recurrence{Interval: 1, Unit: Months}

// ErrRecurrence reports an interval or unit the product does not know.
var ErrRecurrence = errors.New("recurrence: interval must be 1 or more and the unit DAYS, WEEKS or MONTHS")

// Next returns the period after p. It starts the day after p ends and lasts
// Interval units; a month-based period that started on the 1st keeps to
// whole calendar months, so January 31st never drifts to February 28th and
// then March 28th.
func (r Recurrence) Next(p Period) (Period, error) {
	if r.Interval < 1 {
		return Period{}, ErrRecurrence
	}
	from := p.To.AddDate(0, 0, 1)
	var to time.Time
	switch r.Unit {
	case Days:
		to = from.AddDate(0, 0, r.Interval-1)
	case Weeks:
		to = from.AddDate(0, 0, 7*r.Interval-1)
	case Months:
		to = addMonths(from, r.Interval).AddDate(0, 0, -1)
	default:
		return Period{}, ErrRecurrence
	}
	return Period{From: from, To: to}, nil
}

// addMonths moves a date n months ahead, clamping the day to the end of
// the target month (Jan 31 + 1 month = Feb 28/29), unlike time.AddDate,
// which would overflow into March.
func addMonths(t time.Time, n int) time.Time {
	y, m, d := t.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, t.Location())
	last := first.AddDate(0, 1, -1).Day()
	if d > last {
		d = last
	}
	return time.Date(first.Year(), first.Month(), d, 0, 0, 0, 0, t.Location())
}

// PeriodsThrough lists p and the periods that follow it, up to the one
// containing today (at most limit), for a list whose periods must catch up.
func (r Recurrence) PeriodsThrough(p Period, today time.Time, limit int) ([]Period, error) {
	out := []Period{p}
	for len(out) < limit && out[len(out)-1].To.Before(today) {
		next, err := r.Next(out[len(out)-1])
		if err != nil {
			return nil, err
		}
		out = append(out, next)
	}
	return out, nil
}
