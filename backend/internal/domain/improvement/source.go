package improvement

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/survey"
)

// DefaultDueDays is how many days a report not tied to a check period has
// until it is due, unless the organization sets another number.
const DefaultDueDays = organization.DefaultImprovementDueDays

// Key identifies the answer a report came from at store facilityID, so one
// answer never makes two reports (a unique index holds it); "" for a report
// with no answer behind it.
func (s Source) Key(facilityID int64) string {
	switch {
	case s.Kind == FromSurvey && s.SurveyAnswerID > 0:
		return "survey:" + strconv.FormatInt(s.SurveyAnswerID, 10)
	case s.PeriodID > 0 && s.ItemID > 0:
		return fmt.Sprintf("check:%d:%d:%d", s.PeriodID, facilityID, s.ItemID)
	}
	return ""
}

// Subject is the line the list shows for a report made from s. A survey
// answer's names its NPS only when that is what made it dissatisfied; an
// answer whose low rating did (its NPS a 10, perhaps) is 低評価, so the
// list does not read as a promoter's complaint.
func (s Source) Subject() string {
	switch {
	case s.Kind == FromSurvey && detractor(s.NPSScore):
		return clip(fmt.Sprintf("アンケート「%s」 おすすめ度 %d", s.SurveyName, *s.NPSScore))
	case s.Kind == FromSurvey:
		return clip(fmt.Sprintf("アンケート「%s」 低評価", s.SurveyName))
	case s.Question != "":
		return clip(fmt.Sprintf("%s：%s", s.Question, s.Choice))
	}
	return ""
}

func clip(s string) string {
	if utf8.RuneCountInString(s) <= MaxSubject {
		return s
	}
	return string([]rune(s)[:MaxSubject-1]) + "…"
}

// AnswerSource is the source of a report on answer a of item it in sheet sh,
// as the answer says now.
func AnswerSource(kind SourceKind, sh checklist.Sheet, category string, it checklist.Item, a checklist.Answer) Source {
	src := Source{Kind: kind, CheckListID: sh.CheckListID, CheckListName: sh.Name, PeriodID: sh.PeriodID,
		PeriodFrom: sh.Period.From.Format(time.DateOnly), PeriodTo: sh.Period.To.Format(time.DateOnly),
		ItemID: it.ID, Category: category, Question: it.Question, Choice: a.Choice, Comment: a.Comment,
		PhotoIDs: a.PhotoIDs, PhotoRequired: it.PhotoRequired}
	if c, ok := it.Scale.Find(a.Choice); ok && !a.Inapplicable {
		src.Score = &c.Score
	}
	return src
}

// Bad reports whether answer a to item it is a bad-scored one: a choice
// the item's scale marks bad, not inapplicable.
func Bad(it checklist.Item, a checklist.Answer) bool {
	c, ok := it.Scale.Find(a.Choice)
	return ok && !a.Inapplicable && c.Bad
}

// SheetFinding is one item of a submitted sheet and whether its answer is
// bad now.
type SheetFinding struct {
	Source Source
	Bad    bool
}

// SheetFindings lists every answered item of sheet sh (its answers as
// stored) with whether it is bad: the bad ones get a report, and an open
// report whose answer is no longer bad gets an event saying so.
func SheetFindings(sh checklist.Sheet, answers map[int64]checklist.Answer) []SheetFinding {
	var out []SheetFinding
	for _, c := range sh.Categories {
		for _, it := range c.Items {
			a, ok := answers[it.ID]
			if !ok || !a.Done() {
				continue
			}
			out = append(out, SheetFinding{Source: AnswerSource(FromCheck, sh, c.Name, it, a), Bad: Bad(it, a)})
		}
	}
	return out
}

// MaxDissatisfiedRating is the highest 1–5 rating that makes a survey
// answer dissatisfied (as an NPS of a detractor does, survey.Classify).
const MaxDissatisfiedRating = 2

// detractor reports whether an answer's NPS, if any, is a detractor's
// (0–6): the results' own classes, so a report and the NPS figures agree.
func detractor(nps *int) bool { return nps != nil && survey.Classify(*nps) == survey.Detractor }

// Dissatisfied reports whether a survey answer opens a report: an NPS of
// 0–6 (a detractor) or a rating of 1 or 2.
func Dissatisfied(nps *int, values []survey.StoredValue) bool {
	if detractor(nps) {
		return true
	}
	for _, v := range values {
		if v.QuestionType == survey.QuestionRating && v.Score != nil && *v.Score <= MaxDissatisfiedRating {
			return true
		}
	}
	return false
}

// SurveySource is the source of a report on a survey answer: every question
// with its answer as text.
func SurveySource(s survey.Survey, answerID int64, nps *int, values []survey.StoredValue) Source {
	text := map[int64]string{}
	for _, q := range s.Questions() {
		text[q.ID] = q.Text
	}
	var out []SurveyValue
	index := map[int64]int{}
	for _, v := range values {
		ans := v.Text
		switch {
		case v.Score != nil:
			ans = strconv.Itoa(*v.Score)
		case v.Choice != "":
			ans = v.Choice
		}
		if i, ok := index[v.QuestionID]; ok { // a multiple choice: one row per choice
			out[i].Answer = strings.Join([]string{out[i].Answer, ans}, "、")
			continue
		}
		index[v.QuestionID] = len(out)
		out = append(out, SurveyValue{Question: text[v.QuestionID], Answer: ans})
	}
	return Source{Kind: FromSurvey, SurveyID: s.ID, SurveyName: s.Name, SurveyAnswerID: answerID, NPSScore: nps, SurveyValues: out}
}

// DueFor is the due date of a new report: the end of the check period the
// answer belongs to, else dueDays after today.
func DueFor(src Source, today time.Time, dueDays int) time.Time {
	if src.PeriodTo != "" {
		if d, err := time.ParseInLocation(time.DateOnly, src.PeriodTo, clock.Tokyo); err == nil {
			return d
		}
	}
	if dueDays <= 0 {
		dueDays = DefaultDueDays
	}
	return today.AddDate(0, 0, dueDays)
}

// New is a report just made from src at store facilityID by side, with its
// CREATED event as the thread's first entry.
func New(facilityID int64, subject string, src Source, due time.Time, by Side) (Report, Event) {
	r := Report{FacilityID: facilityID, Subject: subject, Source: src, Status: InProgress, DueDate: due}
	r.Markers = r.Markers.Wrote(by)
	return r, Event{Seq: r.Markers.Events, Kind: EventCreated, Side: by}
}

// Opened is a report the system opened from a bad answer: new to head
// office as much as to the store, so unread on both sides until opened.
func Opened(facilityID int64, src Source, due time.Time) (Report, Event) {
	r := Report{FacilityID: facilityID, Subject: src.Subject(), Source: src, Status: InProgress, DueDate: due}
	r.Markers = r.Markers.Announced()
	return r, Event{Seq: r.Markers.Events, Kind: EventCreated, Side: Office}
}

// Opening is a report the system opens from its source at a time, with its
// first event (Opened): what Reports.OpenAll stores.
type Opening struct {
	Report Report
	Event  Event
	At     time.Time
}
