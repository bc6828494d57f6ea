package checklist

import (
	"errors"
	"math"
)

// Choice is one answer an item offers, with its score; bad choices are the
// ones improvement reports and photo comparisons look for.
type Choice struct {
	Label string `json:"label"`
	Score int    `json:"score"`
	Bad   bool   `json:"bad"`
}

// Scale is the choices of an item, in the order shown.
type Scale []Choice

// Common scales offered by the editor.
var (
	ScaleCircle = Scale{{Label: "○", Score: 2}, {Label: "△", Score: 1, Bad: true}, {Label: "×", Score: 0, Bad: true}}
	ScaleFive   = Scale{{Label: "1", Score: 1, Bad: true}, {Label: "2", Score: 2, Bad: true}, {Label: "3", Score: 3}, {Label: "4", Score: 4}, {Label: "5", Score: 5}}
)

// ErrScale reports a scale an item cannot use.
var ErrScale = errors.New("scale: 2 to 10 choices with distinct, non-empty labels")

// MaxChoiceLabel is the longest name of a choice (the editor's field stops
// there): it is a button on the store's phone.
const MaxChoiceLabel = 20

// ErrChoiceLabel reports a choice named longer than MaxChoiceLabel.
var ErrChoiceLabel = errors.New("scale: a choice label over 20 characters")

// A choice's score lies within ±MaxScore: sums of them fit the database's
// integer columns, and no scale needs more.
const MaxScore = 999

// ErrScore reports a score outside ±MaxScore.
var ErrScore = errors.New("scale: a score outside ±999")

// Validate checks the scale has 2–10 choices with distinct labels of at most
// MaxChoiceLabel characters, each scored within ±MaxScore.
func (s Scale) Validate() error {
	if len(s) < 2 || len(s) > 10 {
		return ErrScale
	}
	seen := map[string]bool{}
	for _, c := range s {
		if c.Label == "" || seen[c.Label] {
			return ErrScale
		}
		seen[c.Label] = true
	}
	for _, c := range s {
		if len([]rune(c.Label)) > MaxChoiceLabel {
			return ErrChoiceLabel
		}
	}
	for _, c := range s {
		if c.Score < -MaxScore || c.Score > MaxScore {
			return ErrScore
		}
	}
	return nil
}

// Max is the best score the scale offers.
func (s Scale) Max() int {
	best := math.MinInt
	for _, c := range s {
		best = max(best, c.Score)
	}
	return best
}

// Find returns the choice with that label.
func (s Scale) Find(label string) (Choice, bool) {
	for _, c := range s {
		if c.Label == label {
			return c, true
		}
	}
	return Choice{}, false
}

// Answered is one answer as scoring sees it.
type Answered struct {
	Scale        Scale
	Choice       string // the chosen label; "" when unanswered
	Inapplicable bool
}

// Score sums the scores of the answered items and the best possible scores
// of the same items; inapplicable and unanswered items count in neither, so
// a store is never marked down for a question that does not apply to it.
// Rate is the percentage (0–100, one decimal), or -1 when nothing counts.
func Score(answers []Answered) (got, possible int, rate float64) {
	for _, a := range answers {
		if a.Inapplicable || a.Choice == "" {
			continue
		}
		c, ok := a.Scale.Find(a.Choice)
		if !ok {
			continue
		}
		got += c.Score
		possible += a.Scale.Max()
	}
	if possible <= 0 {
		return got, possible, -1
	}
	return got, possible, math.Round(float64(got)*1000/float64(possible)) / 10
}
