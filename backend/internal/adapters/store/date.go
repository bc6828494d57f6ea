package store

import (
	"database/sql/driver"
	"fmt"
	"strings"
	"time"

	"github.com/rouder/console/internal/domain/clock"
)

// civilDate is a calendar date column: DATE on PostgreSQL, "YYYY-MM-DD" text
// on SQLite. It is written as that text on both, so comparisons and sorting
// agree, and read back as midnight in Tokyo, the zone of business dates.
type civilDate struct{ time.Time }

const dateLayout = "2006-01-02"

func (d civilDate) Value() (driver.Value, error) { return d.Format(dateLayout), nil }

func (d *civilDate) Scan(src any) error {
	switch x := src.(type) {
	case time.Time:
		y, m, dd := x.Date() // a DATE arrives as midnight UTC: keep its calendar day
		d.Time = time.Date(y, m, dd, 0, 0, 0, 0, clock.Tokyo)
		return nil
	case string:
		return d.parse(x)
	case []byte:
		return d.parse(string(x))
	}
	return fmt.Errorf("civilDate: cannot scan %T", src)
}

func (d *civilDate) parse(s string) error {
	if len(s) >= len(dateLayout) {
		s = s[:len(dateLayout)]
	}
	t, err := time.ParseInLocation(dateLayout, strings.TrimSpace(s), clock.Tokyo)
	if err != nil {
		return fmt.Errorf("civilDate: %w", err)
	}
	d.Time = t
	return nil
}

// dateOf and timeOf convert between the domain's *time.Time and the column.
func dateOf(t *time.Time) *civilDate {
	if t == nil {
		return nil
	}
	y, m, d := t.In(clock.Tokyo).Date()
	return &civilDate{time.Date(y, m, d, 0, 0, 0, 0, clock.Tokyo)}
}

func timeOf(d *civilDate) *time.Time {
	if d == nil {
		return nil
	}
	t := d.Time
	return &t
}
