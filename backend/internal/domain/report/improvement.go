package report

import (
	"cmp"
	"slices"
	"time"
)

// ImprovementRow is one improvement report opened in the period.
type ImprovementRow struct {
	ID           int64
	FacilityID   int64
	FacilityName string
	GroupPath    string
	Subject      string
	SourceKind   string // CHECK, SURVEY, MANUAL
	Status       string // IN_PROGRESS, IN_REVIEW, COMPLETED
	DueDate      time.Time
	CreatedAt    time.Time
	CompletedAt  *time.Time
	SourcePhoto  *Photo // the answer's photo the report came from
	ReplyPhoto   *Photo // the store's latest reply's photo
}

// Overdue reports whether the report is still open after its due date.
func (r ImprovementRow) Overdue(today time.Time) bool {
	return r.Status != "COMPLETED" && r.DueDate.Before(today)
}

// DaysToComplete is how long a completed report took, in days (one
// decimal); -1 while open.
func (r ImprovementRow) DaysToComplete() float64 {
	if r.CompletedAt == nil {
		return -1
	}
	return float64(int(r.CompletedAt.Sub(r.CreatedAt).Hours()/24*10+0.5)) / 10
}

// ImprovementTally counts one store's or group's reports.
type ImprovementTally struct {
	Name      string
	Opened    int
	Completed int
	Overdue   int
	daysSum   float64
}

// AverageDays is the mean time to complete, -1 when none completed.
func (t ImprovementTally) AverageDays() float64 {
	if t.Completed == 0 {
		return -1
	}
	return float64(int(t.daysSum/float64(t.Completed)*10+0.5)) / 10
}

// ImprovementReport is everything an IMPROVEMENT report shows.
type ImprovementReport struct {
	Organization string
	From, To     time.Time
	MadeBy       string
	MadeAt       time.Time
	Stores       int
	Today        time.Time
	Rows         []ImprovementRow // newest first
	Total        ImprovementTally
	ByStatus     map[string]int
	BySource     map[string]int
	PerStore     []ImprovementTally // most opened first
	PerGroup     []ImprovementTally
}

// SummarizeImprovements counts the rows by status, source, store and
// group (groupOf names a row's group).
func SummarizeImprovements(rows []ImprovementRow, today time.Time, groupOf func(ImprovementRow) string) (total ImprovementTally, byStatus, bySource map[string]int, perStore, perGroup []ImprovementTally) {
	byStatus, bySource = map[string]int{}, map[string]int{}
	stores, groups := map[string]*ImprovementTally{}, map[string]*ImprovementTally{}
	add := func(t *ImprovementTally, r ImprovementRow) {
		t.Opened++
		if d := r.DaysToComplete(); d >= 0 {
			t.Completed++
			t.daysSum += d
		}
		if r.Overdue(today) {
			t.Overdue++
		}
	}
	for _, r := range rows {
		byStatus[r.Status]++
		bySource[r.SourceKind]++
		add(&total, r)
		for _, m := range []struct {
			into map[string]*ImprovementTally
			name string
		}{{stores, r.FacilityName}, {groups, groupOf(r)}} {
			t := m.into[m.name]
			if t == nil {
				t = &ImprovementTally{Name: m.name}
				m.into[m.name] = t
			}
			add(t, r)
		}
	}
	flat := func(m map[string]*ImprovementTally) []ImprovementTally {
		out := make([]ImprovementTally, 0, len(m))
		for _, t := range m {
			out = append(out, *t)
		}
		slices.SortFunc(out, func(a, b ImprovementTally) int {
			if c := cmp.Compare(b.Opened, a.Opened); c != 0 {
				return c
			}
			return cmp.Compare(a.Name, b.Name)
		})
		return out
	}
	return total, byStatus, bySource, flat(stores), flat(groups)
}

// DayAfter is the start of the Tokyo day after d (an exclusive end).
func DayAfter(d time.Time) time.Time {
	y, m, day := d.Date()
	return time.Date(y, m, day+1, 0, 0, 0, 0, d.Location())
}
