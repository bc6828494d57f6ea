package checklist

import (
	"errors"
	"sort"
	"time"

	"github.com/rouder/console/internal/domain/clock"
)

// The system administrator's check history (/system/check_history/) reads
// check activity per organization and Tokyo day (docs/product/system.md):
//
//   - opened: sheets a store started that day (its first saved answer);
//   - submitted: sheets submitted that day;
//   - completion: of the sheets due while that day ran (each target store
//     of each period containing the day), the share submitted by its end.

// ActivityPeriod is a period with how many stores it targets.
type ActivityPeriod struct {
	OrganizationID   int64
	OrganizationName string
	PeriodID         int64
	Period           Period
	Targets          int
}

// ActivitySheet is when one sheet was started and submitted.
type ActivitySheet struct {
	OrganizationID int64
	PeriodID       int64
	OpenedAt       *time.Time
	SubmittedAt    *time.Time
}

// DayActivity is one organization's day.
type DayActivity struct {
	OrganizationID   int64
	OrganizationName string
	Date             time.Time // Tokyo midnight
	Opened           int
	Submitted        int
	Expected         int // sheets due while the day ran
	Done             int // of those, submitted by the day's end
}

// CompletionRate is Done over Expected in percent (0 when nothing was due).
func (d DayActivity) CompletionRate() float64 {
	if d.Expected == 0 {
		return 0
	}
	return float64(d.Done) * 100 / float64(d.Expected)
}

// MaxHistoryDays bounds one reading of the history.
const MaxHistoryDays = 92

// Messages of a bad history range.
var (
	ErrHistoryOrder = errors.New("終了日は開始日以降の日付にしてください。")
	ErrHistoryRange = errors.New("期間は92日以内で指定してください。")
)

// CheckHistoryRange checks the range asked for.
func CheckHistoryRange(from, to time.Time) error {
	switch {
	case to.Before(from):
		return ErrHistoryOrder
	case to.Sub(from) > (MaxHistoryDays-1)*24*time.Hour+time.Hour:
		return ErrHistoryRange
	}
	return nil
}

// DailyActivity tallies the days from..to (Tokyo dates) of every
// organization in periods, newest day first, leaving out days with
// nothing due and nothing done.
func DailyActivity(periods []ActivityPeriod, sheets []ActivitySheet, from, to time.Time) []DayActivity {
	type orgDay struct {
		org int64
		day time.Time
	}
	names := map[int64]string{}
	byPeriod := map[int64]ActivityPeriod{}
	for _, p := range periods {
		names[p.OrganizationID] = p.OrganizationName
		byPeriod[p.PeriodID] = p
	}
	from, to = clock.TokyoDate(from), clock.TokyoDate(to)
	days := map[orgDay]*DayActivity{}
	at := func(org int64, day time.Time) *DayActivity {
		k := orgDay{org, day}
		if days[k] == nil {
			days[k] = &DayActivity{OrganizationID: org, OrganizationName: names[org], Date: day}
		}
		return days[k]
	}
	inRange := func(d time.Time) bool { return !d.Before(from) && !d.After(to) }
	for _, p := range periods {
		for d := maxTime(from, clock.TokyoDate(p.Period.From)); !d.After(to) && !d.After(p.Period.To); d = d.AddDate(0, 0, 1) {
			at(p.OrganizationID, d).Expected += p.Targets
		}
	}
	for _, s := range sheets {
		if s.OpenedAt != nil && inRange(clock.TokyoDate(*s.OpenedAt)) {
			at(s.OrganizationID, clock.TokyoDate(*s.OpenedAt)).Opened++
		}
		if s.SubmittedAt == nil {
			continue
		}
		sub := clock.TokyoDate(*s.SubmittedAt)
		if inRange(sub) {
			at(s.OrganizationID, sub).Submitted++
		}
		// Done from the day it was submitted to the end of its period.
		if p, ok := byPeriod[s.PeriodID]; ok {
			for d := maxTime(from, sub); !d.After(to) && !d.After(p.Period.To); d = d.AddDate(0, 0, 1) {
				at(s.OrganizationID, d).Done++
			}
		}
	}
	out := make([]DayActivity, 0, len(days))
	for _, d := range days {
		if d.Done > d.Expected { // a store no longer targeted still submitted
			d.Expected = d.Done
		}
		out = append(out, *d)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Date.Equal(out[j].Date) {
			return out[i].Date.After(out[j].Date)
		}
		return out[i].OrganizationID < out[j].OrganizationID
	})
	return out
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// HistorySheet is one sheet of a day's drill-down.
type HistorySheet struct {
	SheetID      int64
	FacilityName string
	ListName     string
	Period       Period
	OpenedAt     *time.Time
	SubmittedAt  *time.Time
	Answered     int
	Total        int
}
