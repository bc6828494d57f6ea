package survey

import (
	"sort"
	"time"
)

// ResultFilter narrows the results (docs/product/shell.md defaults: no survey,
// empty store name, no group, no tag, out-of-period surveys included).
type ResultFilter struct {
	SurveyID           *int64
	FacilityName       string
	GroupID            *int64
	TagID              *int64
	IncludeOutOfPeriod bool
	From, To           *time.Time // Tokyo dates of answers, inclusive
	Today              time.Time
}

// DetailFilter narrows one survey's detail.
type DetailFilter struct {
	GroupID, TagID *int64
	From, To       *time.Time // Tokyo dates of answers, inclusive
	FacilityIDs    []int64    // only these stores (a report's selection); nil is every store
}

// StoreTally is one store that has answers, with its group and tally.
type StoreTally struct {
	FacilityID   int64
	FacilityName string
	GroupID      int64
	GroupName    string
	Answers      int
	Tally        Tally
}

// ResultRow is one survey at one store.
type ResultRow struct {
	SurveyID      int64
	SurveyName    string
	Period        Period
	FacilityID    int64
	FacilityName  string
	GroupID       int64
	GroupName     string
	Answers       int
	Tally         Tally
	RatingAverage *float64 // over every 1–5 rating answered
}

// ScoreCount is how many answers gave a score on a day.
type ScoreCount struct {
	Date  time.Time
	Score int
	Count int
}

// Granularities of the NPS trend.
const (
	ByWeek  = "WEEK"
	ByMonth = "MONTH"
)

// TrendPoint is the NPS of one week (starting Monday) or month.
type TrendPoint struct {
	Start time.Time
	Tally Tally
}

// Trend buckets daily score counts by week (Monday first) or month, oldest
// first; only buckets with answers appear.
func Trend(counts []ScoreCount, by string) []TrendPoint {
	buckets := map[time.Time]*Tally{}
	for _, c := range counts {
		d := dateOf(c.Date)
		var start time.Time
		if by == ByMonth {
			start = time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC)
		} else {
			start = d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
		}
		t := buckets[start]
		if t == nil {
			t = &Tally{}
			buckets[start] = t
		}
		for i := 0; i < c.Count; i++ {
			t.Add(c.Score)
		}
	}
	out := make([]TrendPoint, 0, len(buckets))
	for s, t := range buckets {
		out = append(out, TrendPoint{Start: s, Tally: *t})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	return out
}

// Distribution is the 0–10 histogram of scores.
func Distribution(counts []ScoreCount) [11]int {
	var d [11]int
	for _, c := range counts {
		if c.Score >= 0 && c.Score <= 10 {
			d[c.Score] += c.Count
		}
	}
	return d
}

// ChoiceCount is how often a choice was chosen.
type ChoiceCount struct {
	QuestionID int64
	Choice     string
	Count      int
}

// QuestionResult is one choice or rating question's distribution.
type QuestionResult struct {
	Question Question
	Counts   []ChoiceCount // choices in the question's order, then choices no longer offered
	Average  *float64      // RATING
	Answers  int
}

// Comment is one free-text answer.
type Comment struct {
	AnswerID     int64
	AnsweredAt   time.Time
	FacilityID   int64
	FacilityName string
	QuestionID   int64
	Question     string
	Text         string
	NPSScore     *int
	MailAddress  string // filled only for users allowed to see addresses
}

// Rank is a store or group in the ranking.
type Rank struct {
	ID      int64
	Name    string
	Answers int
	Tally   Tally
}

// RankByNPS orders by NPS (highest first), then by answers; rows without
// answers come last.
func RankByNPS(rows []Rank) {
	sort.SliceStable(rows, func(i, j int) bool {
		a, aok := rows[i].Tally.NPS()
		b, bok := rows[j].Tally.NPS()
		if aok != bok {
			return aok
		}
		if a != b {
			return a > b
		}
		return rows[i].Answers > rows[j].Answers
	})
}
