// Package clock gives the product its sense of time. Instants are stored in
// UTC; business dates (periods, "this month", due days) are Tokyo dates.
package clock

import (
	"time"
	_ "time/tzdata" // the binary must know Asia/Tokyo even on a bare host
)

// Tokyo is the zone every business date is read in (docs/product/constants.md).
var Tokyo = mustLoad("Asia/Tokyo")

// Clock says what time it is; tests set it.
type Clock interface {
	Now() time.Time
}

// System is the real clock.
type System struct{}

func (System) Now() time.Time { return time.Now().UTC() }

// Fixed is a clock that always answers the same instant.
type Fixed time.Time

func (f Fixed) Now() time.Time { return time.Time(f).UTC() }

// Today is the Tokyo calendar date of now, at midnight Tokyo time.
func Today(c Clock) time.Time { return TokyoDate(c.Now()) }

// TokyoDate is the Tokyo calendar date of an instant, at midnight Tokyo time.
func TokyoDate(t time.Time) time.Time {
	y, m, d := t.In(Tokyo).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, Tokyo)
}

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}
