package survey

import "time"

// Allows reports whether a browser that last answered (in the limit's
// range) at last may answer again at now. Days are Tokyo calendar days:
// with a limit of 1 day, an answer at 23:50 allows the next after midnight.
func (s Survey) Allows(last *time.Time, now time.Time) bool {
	if last == nil {
		return true
	}
	switch s.AnswerLimit {
	case LimitUnlimited:
		return true
	case LimitDays:
		next := TokyoDate(*last).AddDate(0, 0, s.AnswerLimitDays)
		return !TokyoDate(now).Before(next)
	}
	return false // ONCE, and anything unknown
}

// LimitPerFacility reports whether the limit counts per store (else across
// the survey).
func (s Survey) LimitPerFacility() bool { return s.AnswerLimitRange != RangeSurvey }
