package checklist

import "time"

// OpenCheck is a check a store can answer now.
type OpenCheck struct {
	CheckListID int64
	Name        string
	PeriodID    int64
	Period      Period
	Answered    int
	Total       int
	Submitted   bool
}

// Progress of the open check.
func (o OpenCheck) Progress() Progress { return ProgressOf(o.Total, o.Answered) }

// Sheet is one store's answers to one check list in one period.
type Sheet struct {
	PeriodID      int64
	CheckListID   int64
	Name          string
	Period        Period
	FacilityID    int64
	FacilityName  string
	Categories    []Category // the items to answer, as the list has them now
	Answers       map[int64]Answer
	Snapshots     map[int64]Snapshot // what each answered item said when it was answered
	Submitted     bool
	SubmittedAt   *time.Time
	Answered      int
	Total         int
	Score         int
	Possible      int
	LastInputAt   *time.Time
	Version       int64 // 0 while nothing was saved
	TargetUserIDs []int64
	// AvailableImprovement: a bad answer opens an improvement report on submit.
	AvailableImprovement bool
}

// Snapshot is an item as it was when answered: editing the list later
// never changes what an answer meant.
type Snapshot struct {
	Category string
	Question string
	Scale    Scale
}

// Items lists the sheet's items in order.
func (s Sheet) Items() []Item {
	var out []Item
	for _, c := range s.Categories {
		out = append(out, c.Items...)
	}
	return out
}

// StatusRow is one line of the check-status list: a target store × a
// check list, in one period.
type StatusRow struct {
	FacilityID   int64
	FacilityName string
	GroupName    string
	CheckListID  int64
	Name         string
	PeriodID     int64
	Period       Period
	Answered     int
	Total        int
	Score        int
	Possible     int
	LastInputAt  *time.Time
	Submitted    bool
}

// Progress of the row (docs/product/constants.md).
func (r StatusRow) Progress() Progress { return ProgressOf(r.Total, r.Answered) }

// Sort keys of the status list; the default is the store's kana name.
const (
	StatusSortKana      = "facilityNameKana"
	StatusSortGroup     = "groupName"
	StatusSortCheckList = "checkListMasterName"
	StatusSortLastInput = "lastInputDate"
	StatusSortScore     = "score"
)

// StatusFilter narrows the status list.
type StatusFilter struct {
	CheckStatus        Progress // "" for all
	GroupID            *int64
	TagID              *int64
	FacilityName       string
	CheckListID        *int64
	IncludeOutOfPeriod bool // also lists whose latest period is not running today
	SortBy             string
	Descending         bool
	Today              time.Time
}

// PeriodResult is one past period of a store on a check list.
type PeriodResult struct {
	PeriodID  int64
	Period    Period
	Answered  int
	Total     int
	Score     int
	Possible  int
	Submitted bool
}

// LatestPeriod is a check list's last opened period, with what is needed to
// open the next.
type LatestPeriod struct {
	OrganizationID int64
	CheckListID    int64
	Seq            int
	Period         Period
	Recurrence     Recurrence
	Items          int
}

// Tally is what a sheet's stored answers add up to, kept beside the sheet
// so the status list never scans answers.
type Tally struct {
	Answered int // items answered or marked inapplicable
	Score    int
	Possible int
	Progress Progress
}

// RateScale is the unit of a sheet's score rate: hundredths of a percent.
const RateScale = 10000

// Rate is the score as a share of the best possible, in hundredths of a
// percent (truncated toward zero), or nil while nothing scored is answered.
// The status list shows that share as a percentage, so it sorts by it: by
// the raw points a store at 2 of 2 (100 %) came below one at 5 of 10 (50 %).
func (t Tally) Rate() *int {
	if t.Possible <= 0 {
		return nil
	}
	r := int(int64(t.Score) * RateScale / int64(t.Possible))
	return &r
}

// Tally counts answers over the items the list has now, scored on their
// current scales: an answer to an item since removed counts in neither.
func (s Sheet) Tally(answers map[int64]Answer) Tally {
	var scored []Answered
	answered := 0
	for _, it := range s.Items() {
		a, ok := answers[it.ID]
		if !ok {
			continue
		}
		if a.Done() {
			answered++
		}
		scored = append(scored, Answered{Scale: it.Scale, Choice: a.Choice, Inapplicable: a.Inapplicable})
	}
	got, possible, _ := Score(scored)
	return Tally{Answered: answered, Score: got, Possible: possible, Progress: ProgressOf(s.Total, answered)}
}
