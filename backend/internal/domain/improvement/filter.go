package improvement

import (
	"slices"
	"time"
)

// Sort keys of the list; the default is the time of the last event, newest first.
const (
	SortModified = "contentModifyDate"
	SortCreated  = "createDate"
	SortDue      = "dueDate"
	SortFacility = "facilityNameKana"
	SortStatus   = "status"
)

// Viewer is who reads the list, and from which side: the staff of a store
// see their store's reports as the store; everyone else reads as head office.
type Viewer struct {
	Side       Side
	FacilityID int64  // the store side's store
	OwnPath    string // head office: the group path of the viewer's own group
}

// SideFor is the viewer's side on a report of store facilityID.
func (v Viewer) SideFor(facilityID int64) Side {
	if v.Side == Store && v.FacilityID == facilityID {
		return Store
	}
	return Office
}

// Filter narrows the list (the SPA keeps it in the URL).
type Filter struct {
	Statuses          []Status // wire statuses; none for all
	UnreadOnly        bool     // unread for my side
	TargetUnread      bool     // not yet read by the other side
	From, To          *time.Time
	IncludesUnrelated bool // also stores outside my own group's subtree that I may see
	SearchText        string
	SortBy            string
	Descending        bool
	FacilityID        *int64
	Today             time.Time
}

// Counts is how many reports of the list (before its status filter) are in
// each wire status, and how many wait for the viewer's side.
type Counts struct {
	ByStatus map[Status]int
	Waiting  int
	Overdue  int
}

// Total is how many reports are in the wire statuses asked for (all when
// none): the list's total, without counting the rows a second time.
func (c Counts) Total(statuses []Status) int {
	if len(statuses) == 0 {
		n := 0
		for _, k := range c.ByStatus {
			n += k
		}
		return n
	}
	n := 0
	for _, st := range slices.Compact(slices.Sorted(slices.Values(statuses))) {
		n += c.ByStatus[st]
	}
	return n
}

// Assignee is a user a report may be given to: one who can see its store.
type Assignee struct {
	UserID  int64
	Account string
	Name    string
}

// MaxAssignees is how many candidates the assignee picker is offered at
// once; typing narrows them.
const MaxAssignees = 20
