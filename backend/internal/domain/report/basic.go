package report

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rouder/console/internal/domain/checklist"
)

// Rank is a named band of score rates: a store whose rate is at least Min
// gets Name (the first band that fits, from the top).
type Rank struct {
	Name string
	Min  float64
}

// DefaultRanks are the bands a BASIC report uses (docs/product/reports.md):
// S from 90 %, A from 80 %, B from 70 %, C from 60 %, D below.
var DefaultRanks = []Rank{{"S", 90}, {"A", 80}, {"B", 70}, {"C", 60}, {"D", 0}}

// RankOf is the band of rate (a percentage); "" when nothing was scored.
func RankOf(rate float64, ranks []Rank) string {
	if rate < 0 {
		return ""
	}
	for _, r := range ranks {
		if rate >= r.Min {
			return r.Name
		}
	}
	return ""
}

// AnswerRow is one answer of a store's sheet as the report reads it.
type AnswerRow struct {
	ItemID       int64
	Category     string
	Question     string
	Explanation  string
	Scale        checklist.Scale
	Choice       string
	Comment      string
	Inapplicable bool
	Photos       []Photo
}

// Bad reports whether the chosen choice counts as bad.
func (a AnswerRow) Bad() bool {
	c, ok := a.Scale.Find(a.Choice)
	return ok && c.Bad && !a.Inapplicable
}

// Period is one period of a check list.
type Period struct {
	ID       int64
	From, To time.Time
}

// PhotoBytes reads a photo's image (a JPEG thumbnail), nil when it cannot
// be read: the report shows the place empty.
type PhotoBytes func(Photo) []byte

// Photo is one stored photo a report places.
type Photo struct {
	ID         int64
	StorageKey string
}

// SheetRow is one store's sheet of the report's period.
type SheetRow struct {
	FacilityID   int64
	FacilityName string
	GroupPath    string
	Score        int
	Possible     int
	Answered     int
	Total        int
	Submitted    bool
}

// Rate is the sheet's score as a percentage (one decimal), -1 when nothing
// was scored.
func (s SheetRow) Rate() float64 {
	if s.Possible <= 0 {
		return -1
	}
	return float64(int(float64(s.Score)*1000/float64(s.Possible)+0.5)) / 10
}

// Progress is the sheet's state as the status list says it.
func (s SheetRow) Progress() checklist.Progress { return checklist.ProgressOf(s.Total, s.Answered) }

// CategoryScore is one category's part of a store's score.
type CategoryScore struct {
	Name     string
	Score    int
	Possible int
	Rate     float64
}

// PhotoPair places an answer's photo beside the same item's photo of the
// previous period (the photo comparison); either may be absent.
type PhotoPair struct {
	Question string
	Choice   string
	Current  *Photo
	Previous *Photo
}

// StoreResult is one selected store in a BASIC report.
type StoreResult struct {
	SheetRow
	Group      string
	Rank       string
	Place      int // among the stores ranked (all stores with includeUnselectedFacility)
	Categories []CategoryScore
	BadItems   []AnswerRow
	Photos     []PhotoPair
}

// BasicReport is everything a BASIC report shows.
type BasicReport struct {
	Organization string
	CheckList    string
	PeriodFrom   time.Time // the period reported on (the list's latest in the range)
	PeriodTo     time.Time
	MadeBy       string
	MadeAt       time.Time
	Request      Request
	Stores       []StoreResult // the selected stores, best rate first
	Unanswered   []string      // selected stores without a sheet in the period
	Criteria     []AnswerRow   // the list's items with their explanation (includeCriteria)
	// With includeUnselectedFacility: the average rate of every store of the
	// period and how many were ranked.
	AllAverage *float64
	AllCount   int
}

// Rank orders the selected stores by rate (best first, then name) and
// gives each its rank and place; places count among all when all is given
// (includeUnselectedFacility), else among the selected.
func RankStores(selected []StoreResult, all []SheetRow, ranks []Rank) []StoreResult {
	out := slices.Clone(selected)
	byRate := func(a, b SheetRow) int {
		if c := cmp.Compare(b.Rate(), a.Rate()); c != 0 {
			return c
		}
		return cmp.Compare(a.FacilityName, b.FacilityName)
	}
	slices.SortStableFunc(out, func(a, b StoreResult) int { return byRate(a.SheetRow, b.SheetRow) })
	field := all
	if field == nil {
		field = make([]SheetRow, len(out))
		for i, s := range out {
			field[i] = s.SheetRow
		}
	}
	for i := range out {
		out[i].Rank = RankOf(out[i].Rate(), ranks)
		out[i].Place = 1
		for _, other := range field {
			if other.Rate() > out[i].Rate() {
				out[i].Place++
			}
		}
	}
	return out
}

// Average is the mean rate of the scored sheets, nil when none was scored.
func Average(sheets []SheetRow) *float64 {
	sum, n := 0.0, 0
	for _, s := range sheets {
		if r := s.Rate(); r >= 0 {
			sum += r
			n++
		}
	}
	if n == 0 {
		return nil
	}
	avg := float64(int(sum/float64(n)*10+0.5)) / 10
	return &avg
}

// Categories sums a store's answers per category, in the list's order.
func Categories(answers []AnswerRow) []CategoryScore {
	var out []CategoryScore
	index := map[string]int{}
	for _, a := range answers {
		i, ok := index[a.Category]
		if !ok {
			i = len(out)
			index[a.Category] = i
			out = append(out, CategoryScore{Name: a.Category})
		}
		got, possible, _ := checklist.Score([]checklist.Answered{{Scale: a.Scale, Choice: a.Choice, Inapplicable: a.Inapplicable}})
		out[i].Score += got
		out[i].Possible += possible
	}
	for i := range out {
		out[i].Rate = -1
		if out[i].Possible > 0 {
			out[i].Rate = float64(int(float64(out[i].Score)*1000/float64(out[i].Possible)+0.5)) / 10
		}
	}
	return out
}

// ChoosePhotos picks the photo pairs of a store by the request's rule;
// previous holds the same store's photos of the previous period by item.
func ChoosePhotos(rule PhotoCompare, answers []AnswerRow, previous map[int64][]Photo) []PhotoPair {
	var out []PhotoPair
	for _, a := range answers {
		var take bool
		switch rule {
		case PhotosBadWithPhoto:
			take = a.Bad() && len(a.Photos) > 0
		case PhotosAllBad:
			take = a.Bad()
		case PhotosAllWithPhoto:
			take = len(a.Photos) > 0
		}
		if !take {
			continue
		}
		pair := PhotoPair{Question: a.Question, Choice: a.Choice}
		if len(a.Photos) > 0 {
			pair.Current = &a.Photos[0]
		}
		if prev := previous[a.ItemID]; len(prev) > 0 {
			pair.Previous = &prev[0]
		}
		out = append(out, pair)
	}
	return out
}

// MsgRanks refuses rank bands that cannot be read.
const MsgRanks = "ランクの基準は「S:90,A:80,B:70,C:60,D:0」のように、ランク名と最低点(0〜100)を高い順に入力してください。"

// ParseRanks reads an organization's rank bands, "S:90,A:80,B:70,C:60,D:0":
// names of up to 4 characters, minimum rates from high to low, the last 0.
// "" is the default bands.
func ParseRanks(s string) ([]Rank, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return DefaultRanks, nil
	}
	var out []Rank
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '、' || r == '\n' }) {
		name, min, ok := strings.Cut(strings.TrimSpace(part), ":")
		name = strings.TrimSpace(name)
		v, err := strconv.ParseFloat(strings.TrimSpace(min), 64)
		if !ok || err != nil || name == "" || utf8.RuneCountInString(name) > 4 || v < 0 || v > 100 ||
			(len(out) > 0 && v >= out[len(out)-1].Min) {
			return nil, errors.New(MsgRanks)
		}
		out = append(out, Rank{Name: name, Min: v})
	}
	if len(out) == 0 || out[len(out)-1].Min != 0 || len(out) > 10 {
		return nil, errors.New(MsgRanks)
	}
	return out, nil
}
