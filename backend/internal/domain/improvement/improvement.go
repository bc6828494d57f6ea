// Package improvement holds improvement reports: the follow-up of a bad
// check answer, a dissatisfied customer or head office's own finding, until
// the store has fixed it and head office has closed it (docs/product/improvement.md).
package improvement

import (
	"time"
)

// Status is where a report stands. The wire adds the _UNREAD variants,
// derived per viewer from the read markers (WireStatus).
type Status string

const (
	InProgress Status = "IN_PROGRESS" // the store works on it
	InReview   Status = "IN_REVIEW"   // the store replied; head office reviews
	Completed  Status = "COMPLETED"   // head office closed it

	InProgressUnread Status = "IN_PROGRESS_UNREAD"
	InReviewUnread   Status = "IN_REVIEW_UNREAD"
)

// WireStatuses are the statuses the list filters and counts by, in order.
var WireStatuses = []Status{InProgressUnread, InProgress, InReviewUnread, InReview, Completed}

// Label is the status as the console shows it.
func (s Status) Label() string {
	switch s {
	case InProgress:
		return "対応中"
	case InProgressUnread:
		return "対応中(未読)"
	case InReview:
		return "確認待ち"
	case InReviewUnread:
		return "確認待ち(未読)"
	case Completed:
		return "完了"
	}
	return string(s)
}

// Base is the stored status behind a wire status.
func (s Status) Base() Status {
	switch s {
	case InProgressUnread:
		return InProgress
	case InReviewUnread:
		return InReview
	}
	return s
}

// Unread reports whether s is an _UNREAD variant.
func (s Status) Unread() bool { return s == InProgressUnread || s == InReviewUnread }

// Side is one of the two parties of a report.
type Side string

const (
	Store  Side = "STORE"  // the store's own staff
	Office Side = "OFFICE" // head office: everyone else who may see the store
)

// Other is the other side.
func (s Side) Other() Side {
	if s == Store {
		return Office
	}
	return Store
}

// Acts reports the side that must act on a report in status s: the store
// while it is in progress, head office while it is in review, nobody once
// completed.
func Acts(s Status) (Side, bool) {
	switch s.Base() {
	case InProgress:
		return Store, true
	case InReview:
		return Office, true
	}
	return "", false
}

// SourceKind says what a report came from.
type SourceKind string

const (
	FromCheck  SourceKind = "CHECK"  // a bad-scored check answer
	FromSurvey SourceKind = "SURVEY" // a dissatisfied customer's survey answer
	FromManual SourceKind = "MANUAL" // head office, by hand (with or without an answer)
)

// Source is what a report is about, as it was when the report was made:
// editing the check list or survey later never changes it.
type Source struct {
	Kind SourceKind `json:"kind"`

	// A check answer (FromCheck, or FromManual from the status detail).
	CheckListID   int64   `json:"checkListId,omitempty"`
	CheckListName string  `json:"checkListName,omitempty"`
	PeriodID      int64   `json:"periodId,omitempty"`
	PeriodFrom    string  `json:"periodFrom,omitempty"` // YYYY-MM-DD
	PeriodTo      string  `json:"periodTo,omitempty"`
	ItemID        int64   `json:"itemId,omitempty"`
	Category      string  `json:"category,omitempty"`
	Question      string  `json:"question,omitempty"`
	Choice        string  `json:"choice,omitempty"`
	Score         *int    `json:"score,omitempty"`
	Comment       string  `json:"comment,omitempty"`
	PhotoIDs      []int64 `json:"photoIds,omitempty"`
	PhotoRequired bool    `json:"photoRequired,omitempty"` // the store's reply must carry a photo

	// A survey answer (FromSurvey).
	SurveyID       int64         `json:"surveyId,omitempty"`
	SurveyName     string        `json:"surveyName,omitempty"`
	SurveyAnswerID int64         `json:"surveyAnswerId,omitempty"`
	NPSScore       *int          `json:"npsScore,omitempty"`
	SurveyValues   []SurveyValue `json:"surveyValues,omitempty"`
}

// SurveyValue is one question and the customer's answer, as text.
type SurveyValue struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// Report is one improvement report.
type Report struct {
	ID                int64
	FacilityID        int64
	FacilityName      string
	GroupName         string
	GroupPath         string
	Subject           string
	Source            Source
	Status            Status // stored: InProgress, InReview or Completed
	DueDate           time.Time
	AssigneeID        *int64
	AssigneeName      string
	CreatedAt         time.Time
	ContentModifyDate time.Time // the time of the last event
	Markers           Markers
	Version           int64
}

// Markers are the event numbers each side wrote last and has read up to;
// unread is derived from them, never stored.
type Markers struct {
	Events     int // events so far; the last event's number
	LastStore  int // the last event the store side wrote
	LastOffice int // the last event head office (or the system) wrote
	ReadStore  int // the store side has read up to here
	ReadOffice int
}

// UnreadFor reports whether side has not yet read the other side's latest
// event.
func (m Markers) UnreadFor(side Side) bool {
	if side == Store {
		return m.LastOffice > m.ReadStore
	}
	return m.LastStore > m.ReadOffice
}

// Wrote records an event by side: it is the latest, and its writer has read it.
func (m Markers) Wrote(side Side) Markers {
	m.Events++
	if side == Store {
		m.LastStore, m.ReadStore = m.Events, m.Events
	} else {
		m.LastOffice, m.ReadOffice = m.Events, m.Events
	}
	return m
}

// Announced records an event by the system rather than a person (a report
// opened from a submitted answer, an answer that is no longer bad): news to
// both sides, read by neither. The thread shows it on head office's side.
func (m Markers) Announced() Markers {
	m.Events++
	m.LastStore, m.LastOffice = m.Events, m.Events
	return m
}

// Read records that side has opened the report at its latest event.
func (m Markers) Read(side Side) Markers {
	if side == Store {
		m.ReadStore = m.Events
	} else {
		m.ReadOffice = m.Events
	}
	return m
}

// WireStatus is the status viewer sees: the _UNREAD variant while the
// other side wrote something the viewer has not opened.
func (r Report) WireStatus(viewer Side) Status {
	if !r.Markers.UnreadFor(viewer) {
		return r.Status
	}
	switch r.Status {
	case InProgress:
		return InProgressUnread
	case InReview:
		return InReviewUnread
	}
	return r.Status
}

// Overdue reports whether the report is still open after its due date.
func (r Report) Overdue(today time.Time) bool {
	return r.Status != Completed && r.DueDate.Before(today)
}
