package report

import (
	"time"

	"github.com/rouder/console/internal/domain/survey"
)

// MaxComments is how many comments a SURVEY report samples (the latest).
const MaxComments = 30

// SurveyReport is everything a SURVEY report shows: the NPS of the selected
// stores over the period, its trend, the 0–10 distribution, each choice or
// rating question's distribution, the stores and groups ranked by NPS, and
// the latest comments.
type SurveyReport struct {
	Organization string
	Survey       string
	From, To     time.Time
	MadeBy       string
	MadeAt       time.Time
	Stores       int // stores selected
	Answers      int
	Tally        survey.Tally
	Distribution [11]int
	TrendBy      string // survey.ByWeek or survey.ByMonth
	Trend        []survey.TrendPoint
	Groups       []survey.Rank
	StoreRanks   []survey.Rank
	Questions    []survey.QuestionResult
	Comments     []survey.Comment
}

// TrendStep is the trend's bucket for a period: weeks up to two months,
// months beyond.
func TrendStep(from, to time.Time) string {
	if to.Sub(from) > 62*24*time.Hour {
		return survey.ByMonth
	}
	return survey.ByWeek
}
