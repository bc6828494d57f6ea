package report

import (
	"cmp"
	"slices"
	"time"
)

// MaxMovers is how many stores the best and worst movers list each.
const MaxMovers = 10

// Series is rates over the report's periods, -1 where there is none.
type Series []float64

// Last is the latest rate with a value.
func (s Series) Last() (float64, bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] >= 0 {
			return s[i], true
		}
	}
	return 0, false
}

// Change is the last period's rate against the one before it, when both
// have a value.
func (s Series) Change() (float64, bool) {
	n := len(s)
	if n < 2 || s[n-1] < 0 || s[n-2] < 0 {
		return 0, false
	}
	return round1(s[n-1] - s[n-2]), true
}

// StoreSeries is one store's rates over the periods.
type StoreSeries struct {
	FacilityID int64
	Name       string
	Group      string
	Tags       []string
	Rates      Series
}

// CategorySeries is one category's rate over the periods, over all the
// report's stores.
type CategorySeries struct {
	Name  string
	Rates Series
}

// GroupTrend is one group's (or store tag's) stores together: their mean
// latest rate and its change.
type GroupTrend struct {
	Name   string
	Stores int
	Rates  Series // the mean of its stores' rates per period
}

// AdvancedReport is everything an ADVANCED report shows.
type AdvancedReport struct {
	Organization string
	CheckList    string
	From, To     time.Time
	MadeBy       string
	MadeAt       time.Time
	Grouping     Grouping
	Periods      []Period
	Overall      Series // the mean of the stores' rates per period
	Categories   []CategorySeries
	Stores       []StoreSeries // best latest rate first
	Groups       []GroupTrend  // best latest rate first
	Best, Worst  []StoreSeries // the biggest rises and falls of the last period
	Excluded     int           // selected stores without the advanced report option
}

// SheetRate is one store's score in one period.
type SheetRate struct {
	PeriodID   int64
	FacilityID int64
	Score      int
	Possible   int
}

// ItemTotal is one item's answered score in one period, over the stores.
type ItemTotal struct {
	PeriodID int64
	ItemID   int64
	Score    int
	Answered int
}

// ItemScale is what a category rate needs of an item.
type ItemScale struct {
	Category string
	Max      int
}

// AdvancedStore is a store the report covers.
type AdvancedStore struct {
	ID    int64
	Name  string
	Group string
	Tags  []string
}

// BuildAdvanced computes the series, groupings and movers.
func BuildAdvanced(periods []Period, stores []AdvancedStore, sheets []SheetRate, totals []ItemTotal, items map[int64]ItemScale, categories []string, grouping Grouping) (overall Series, cats []CategorySeries, series []StoreSeries, groups []GroupTrend, best, worst []StoreSeries) {
	index := map[int64]int{}
	for i, p := range periods {
		index[p.ID] = i
	}
	byStore := map[int64]*StoreSeries{}
	for _, s := range stores {
		ss := &StoreSeries{FacilityID: s.ID, Name: s.Name, Group: s.Group, Tags: s.Tags, Rates: empty(len(periods))}
		byStore[s.ID] = ss
	}
	for _, sh := range sheets {
		ss, ok := byStore[sh.FacilityID]
		if !ok || sh.Possible <= 0 {
			continue
		}
		ss.Rates[index[sh.PeriodID]] = round1(float64(sh.Score) * 100 / float64(sh.Possible))
	}
	for _, s := range stores {
		series = append(series, *byStore[s.ID])
	}
	overall = mean(series, len(periods))
	// Categories: answered points over possible points, per period.
	got := map[string][]int{}
	possible := map[string][]int{}
	for _, c := range categories {
		got[c], possible[c] = make([]int, len(periods)), make([]int, len(periods))
	}
	for _, t := range totals {
		it, ok := items[t.ItemID]
		if !ok || got[it.Category] == nil {
			continue
		}
		i := index[t.PeriodID]
		got[it.Category][i] += t.Score
		possible[it.Category][i] += t.Answered * it.Max
	}
	for _, c := range categories {
		cs := CategorySeries{Name: c, Rates: empty(len(periods))}
		for i := range periods {
			if possible[c][i] > 0 {
				cs.Rates[i] = round1(float64(got[c][i]) * 100 / float64(possible[c][i]))
			}
		}
		cats = append(cats, cs)
	}
	// Groups or store tags.
	members := map[string][]StoreSeries{}
	for _, s := range series {
		keys := []string{s.Group}
		if grouping == ByStoreTag {
			keys = s.Tags
			if len(keys) == 0 {
				keys = []string{"（タグなし）"}
			}
		}
		for _, k := range keys {
			members[k] = append(members[k], s)
		}
	}
	for name, ms := range members {
		groups = append(groups, GroupTrend{Name: name, Stores: len(ms), Rates: mean(ms, len(periods))})
	}
	byLatest := func(a, b Series, an, bn string) int {
		la, oka := a.Last()
		lb, okb := b.Last()
		switch {
		case oka != okb:
			if oka {
				return -1
			}
			return 1
		case la != lb:
			return cmp.Compare(lb, la)
		}
		return cmp.Compare(an, bn)
	}
	slices.SortFunc(groups, func(a, b GroupTrend) int { return byLatest(a.Rates, b.Rates, a.Name, b.Name) })
	slices.SortFunc(series, func(a, b StoreSeries) int { return byLatest(a.Rates, b.Rates, a.Name, b.Name) })
	// Movers: the largest changes of the last period, up and down.
	var moved []StoreSeries
	for _, s := range series {
		if _, ok := s.Rates.Change(); ok {
			moved = append(moved, s)
		}
	}
	change := func(s StoreSeries) float64 { c, _ := s.Rates.Change(); return c }
	slices.SortStableFunc(moved, func(a, b StoreSeries) int { return cmp.Compare(change(b), change(a)) })
	for _, s := range moved {
		if len(best) < MaxMovers && change(s) > 0 {
			best = append(best, s)
		}
	}
	for i := len(moved) - 1; i >= 0; i-- {
		if len(worst) < MaxMovers && change(moved[i]) < 0 {
			worst = append(worst, moved[i])
		}
	}
	return overall, cats, series, groups, best, worst
}

func empty(n int) Series {
	s := make(Series, n)
	for i := range s {
		s[i] = -1
	}
	return s
}

// mean is the per-period mean of the series' values that exist.
func mean(all []StoreSeries, n int) Series {
	out := empty(n)
	for i := 0; i < n; i++ {
		sum, k := 0.0, 0
		for _, s := range all {
			if s.Rates[i] >= 0 {
				sum += s.Rates[i]
				k++
			}
		}
		if k > 0 {
			out[i] = round1(sum / float64(k))
		}
	}
	return out
}

func round1(v float64) float64 {
	if v < 0 {
		return -float64(int(-v*10+0.5)) / 10
	}
	return float64(int(v*10+0.5)) / 10
}
