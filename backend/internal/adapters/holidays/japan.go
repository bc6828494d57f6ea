// Package holidays answers whether a date is a Japanese national holiday
// from github.com/rickar/cal/v2's jp package, a maintained list (equinoxes
// computed, substitute holidays observed), so the product keeps none.
package holidays

import (
	"sync"
	"time"

	"github.com/rickar/cal/v2"
	"github.com/rickar/cal/v2/jp"

	"github.com/rouder/console/internal/domain/notification"
)

// Japan is the national holiday calendar, safe to share between
// goroutines: the jp package's equinox holidays write their computed day
// into the package's own variables while they are evaluated, so every
// lookup in the process — of any Japan value — is made one at a time
// (lookups), and each date's answer is kept (a scheduler run asks about the
// same few days for thousands of stores).
type Japan struct {
	cal   *cal.Calendar
	known map[time.Time]bool
}

// lookups serialises the jp package's evaluation process-wide: two
// consoles in one process (the tests run many) share its variables.
var lookups sync.Mutex

func NewJapan() *Japan {
	c := &cal.Calendar{Name: "Japan"}
	c.AddHoliday(jp.Holidays...)
	return &Japan{cal: c, known: map[time.Time]bool{}}
}

// IsHoliday reports a holiday, or a day observed in place of one (振替休日).
func (j *Japan) IsHoliday(date time.Time) bool {
	y, m, d := date.Date()
	key := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	lookups.Lock()
	defer lookups.Unlock()
	if h, ok := j.known[key]; ok {
		return h
	}
	actual, observed, _ := j.cal.IsHoliday(date)
	j.known[key] = actual || observed
	return actual || observed
}

var _ notification.Holidays = (*Japan)(nil)
