package survey

import "math"

// NPS classes of a 0–10 score.
const (
	Promoter  = "PROMOTER"  // 9–10
	Passive   = "PASSIVE"   // 7–8
	Detractor = "DETRACTOR" // 0–6
)

// Classify names the class of a 0–10 score.
func Classify(score int) string {
	switch {
	case score >= 9:
		return Promoter
	case score >= 7:
		return Passive
	}
	return Detractor
}

// Tally counts scores by class.
type Tally struct {
	Promoters, Passives, Detractors int
}

// Add counts one score.
func (t *Tally) Add(score int) {
	switch Classify(score) {
	case Promoter:
		t.Promoters++
	case Passive:
		t.Passives++
	default:
		t.Detractors++
	}
}

// Total is the number of scores counted.
func (t Tally) Total() int { return t.Promoters + t.Passives + t.Detractors }

// NPS is the percentage of promoters minus the percentage of detractors,
// rounded to one decimal; ok is false when nothing was counted.
func (t Tally) NPS() (nps float64, ok bool) {
	n := t.Total()
	if n == 0 {
		return 0, false
	}
	raw := float64(t.Promoters-t.Detractors) * 100 / float64(n)
	return math.Round(raw*10) / 10, true
}
