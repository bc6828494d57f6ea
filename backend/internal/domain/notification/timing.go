package notification

import (
	"fmt"
	"sort"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

// Kinds of scheduled notice.
const (
	KindCheckStart          = "CHECK_START"          // a check period began
	KindCheckReminder       = "CHECK_REMINDER"       // the period ends soon and the sheet is not submitted
	KindImprovementReminder = "IMPROVEMENT_REMINDER" // an improvement report is due soon
	KindEscalation          = "ESCALATION"           // an improvement report is overdue
)

// KindLabel is a kind as the console shows it.
func KindLabel(kind string) string {
	switch kind {
	case KindCheckStart:
		return "チェック開始"
	case KindCheckReminder:
		return "チェックリマインド"
	case KindImprovementReminder:
		return "改善報告リマインド"
	case KindEscalation:
		return "改善報告の期限超過"
	case KindMail:
		return "メール"
	}
	return kind
}

// KindMail marks a mail the product sends outside the schedule (sign-in
// codes, initial passwords) in the delivery history.
const KindMail = "MAIL"

// Timing is when a check list's (or a survey's) notices go out. Times are
// "HH:MM" in Tokyo, "" for none.
type Timing struct {
	StartTime             string
	ReminderTime          string
	ReminderDaysBefore    int
	ImprovementTime       string
	ImprovementDaysBefore int
	ClosingRule           string // ClosingBefore, ClosingAfter, ClosingSkip
	BusinessDays          bool   // "days before" counts business days
}

// At is date at hhmm in Tokyo; ok is false for "" or a malformed time.
func At(date time.Time, hhmm string) (time.Time, bool) {
	// The editors' rule decides what a time is (an older row may hold anything: the rule then skips it).
	if !validation.ClockTimeValid(hhmm) {
		return time.Time{}, false
	}
	clockTime, err := time.Parse("15:04", hhmm)
	if err != nil {
		return time.Time{}, false
	}
	h, m := clockTime.Hour(), clockTime.Minute()
	d := dateOf(date)
	return time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, clock.Tokyo), true
}

// StartAt is the period's start notice: its first day at the start time.
// A period starts when it starts, closing day or not.
func (t Timing) StartAt(p checklist.Period) (time.Time, bool) {
	return At(p.From, t.StartTime)
}

// ReminderAt is the period's reminder: ReminderDaysBefore (calendar or
// business) days before its last day, moved off a closing day as the list
// says. A reminder that would fall outside the period is not sent.
func (t Timing) ReminderAt(cal Calendar, p checklist.Period) (time.Time, bool) {
	if t.ReminderTime == "" {
		return time.Time{}, false
	}
	d, ok := cal.Shift(cal.DaysBefore(p.To, t.ReminderDaysBefore, t.BusinessDays), t.ClosingRule)
	if !ok || d.Before(dateOf(p.From)) || d.After(dateOf(p.To)) {
		return time.Time{}, false
	}
	return At(d, t.ReminderTime)
}

// ImprovementAt is a report's reminder: ImprovementDaysBefore days before
// its due date, moved off a closing day as the list says.
func (t Timing) ImprovementAt(cal Calendar, due time.Time) (time.Time, bool) {
	if t.ImprovementTime == "" {
		return time.Time{}, false
	}
	d, ok := cal.Shift(cal.DaysBefore(due, t.ImprovementDaysBefore, t.BusinessDays), t.ClosingRule)
	if !ok {
		return time.Time{}, false
	}
	return At(d, t.ImprovementTime)
}

// EscalationTime is when overdue reports climb the group tree.
const EscalationTime = "09:00"

// MaxEscalationDays bounds the organization's escalation interval; 0 turns
// escalation off.
const MaxEscalationDays = 90

// CheckEscalationDays applies the range with the product's shared messages
// (docs/product/validation.md), as the other number fields do.
func CheckEscalationDays(n int) error {
	switch {
	case n < 0:
		return failure.Invalid(map[string]string{"escalationDays": validation.MsgMinValue("エスカレーション日数", 0)})
	case n > MaxEscalationDays:
		return failure.Invalid(map[string]string{"escalationDays": validation.MsgMaxValue("エスカレーション日数", MaxEscalationDays)})
	}
	return nil
}

// EscalationAt is when an overdue report reaches level (1: the users of
// the store's own group, 2: the group above, …): every days days after the
// due date.
func EscalationAt(due time.Time, days, level int) time.Time {
	at, _ := At(dateOf(due).AddDate(0, 0, days*level), EscalationTime)
	return at
}

// Keys name one occurrence; with the recipient and channel they are the
// unique key that makes a notice go out once.
func CheckKey(kind string, periodID, facilityID int64) string {
	return fmt.Sprintf("%s:%d:%d", kind, periodID, facilityID)
}

func ImprovementKey(reportID int64, due time.Time) string {
	return fmt.Sprintf("%s:%d:%s", KindImprovementReminder, reportID, dateOf(due).Format("20060102"))
}

func EscalationKey(reportID int64, due time.Time, level int) string {
	return fmt.Sprintf("%s:%d:%s:%d", KindEscalation, reportID, dateOf(due).Format("20060102"), level)
}

// Grace is how late an occurrence may still be sent (the service was down
// or busy at its instant); Lookback is how far back a missed one is still
// recorded as missed. Older ones are history and left alone.
const (
	Grace    = 6 * time.Hour
	Lookback = 72 * time.Hour
)

// Fate is what becomes of an occurrence at a given moment.
type Fate int

const (
	NotYet Fate = iota // its instant has not come
	Send               // due, and within the grace period
	Missed             // past the grace period: recorded, not sent
	TooOld             // before the look-back window: ignored
)

// FateOf decides an occurrence at instant at, seen at now.
func FateOf(at, now time.Time) Fate {
	switch late := now.Sub(at); {
	case late < 0:
		return NotYet
	case late <= Grace:
		return Send
	case late <= Lookback:
		return Missed
	}
	return TooOld
}

// Planned is one upcoming notice of a check list, for the editor's preview.
type Planned struct {
	Kind   string
	At     time.Time
	Period checklist.Period
}

// Preview lists a check list's next n notices after now, period by
// period, on the organization's calendar (a store's own closing days may
// move its reminders further).
func Preview(t Timing, first checklist.Period, r checklist.Recurrence, cal Calendar, now time.Time, n int) []Planned {
	var out []Planned
	p := first
	for i := 0; i < 400 && len(out) < n; i++ {
		if at, ok := t.StartAt(p); ok && at.After(now) {
			out = append(out, Planned{Kind: KindCheckStart, At: at, Period: p})
		}
		if at, ok := t.ReminderAt(cal, p); ok && at.After(now) {
			out = append(out, Planned{Kind: KindCheckReminder, At: at, Period: p})
		}
		next, err := r.Next(p)
		if err != nil {
			break
		}
		p = next
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	if len(out) > n {
		out = out[:n]
	}
	return out
}
