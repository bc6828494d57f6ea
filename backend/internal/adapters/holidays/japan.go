// Package holidays answers whether a date is a Japanese national holiday
// from github.com/rickar/cal/v2's jp package, a maintained list (equinoxes
// computed, substitute holidays observed), so the product keeps none.
package holidays

import (
	"time"

	"github.com/rickar/cal/v2"
	"github.com/rickar/cal/v2/jp"

	"github.com/rouder/console/internal/domain/notification"
)

// Japan is the national holiday calendar. Its lookups keep no cache, so
// one value is safe to share between goroutines.
type Japan struct{ cal *cal.Calendar }

func NewJapan() *Japan {
	c := &cal.Calendar{Name: "Japan"}
	c.AddHoliday(jp.Holidays...)
	return &Japan{cal: c}
}

// IsHoliday reports a holiday, or a day observed in place of one (振替休日).
func (j *Japan) IsHoliday(date time.Time) bool {
	actual, observed, _ := j.cal.IsHoliday(date)
	return actual || observed
}

var _ notification.Holidays = (*Japan)(nil)
