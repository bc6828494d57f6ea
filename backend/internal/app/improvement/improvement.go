// Package improvement is the use cases of improvement reports: the list and
// the thread for both sides, head office's own reports, and the intake that
// opens reports from submitted checks and dissatisfied customers.
package improvement

import (
	"context"
	"strings"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/user"
)

// Reports stores reports and their threads. Reads of one report are
// limited to the tenant's group scope (absent otherwise).
type Reports interface {
	// List is one page of the filter's reports and the counts per status of
	// the same filter (the status filter aside).
	List(ctx context.Context, tn access.Tenant, v improvement.Viewer, f improvement.Filter, p paging.Request) (paging.Page[improvement.Report], improvement.Counts, error)
	// Waiting is how many reports wait for the viewer's side.
	Waiting(ctx context.Context, tn access.Tenant, v improvement.Viewer) (int, error)
	Get(ctx context.Context, tn access.Tenant, id int64) (improvement.Report, error)
	Thread(ctx context.Context, tn access.Tenant, id int64) ([]improvement.Event, error)
	// Create stores a new report and its first event; a report for the same
	// source answer already there wins (created false, its id returned).
	Create(ctx context.Context, tn access.Tenant, r improvement.Report, ev improvement.Event, createdBy *int64, now time.Time) (id int64, created bool, err error)
	// OpenAll stores reports the system opens from their sources, each with
	// its first event (without photos); a source that has its report
	// already keeps it.
	OpenAll(ctx context.Context, tn access.Tenant, opened []improvement.Opening) error
	// Append stores r as it is after ev, if r.Version is still the stored
	// version (a conflict otherwise).
	Append(ctx context.Context, tn access.Tenant, r improvement.Report, ev improvement.Event, now time.Time) error
	SetRead(ctx context.Context, tn access.Tenant, id int64, m improvement.Markers) error
	// Assignees lists the enabled users who can see store facilityID (head
	// office users whose group contains it, and its own staff), matched by
	// searchText, or only userID when it is not zero.
	Assignees(ctx context.Context, tn access.Tenant, facilityID int64, searchText string, userID int64, limit int) ([]improvement.Assignee, error)
	// BySourceKeys returns the reports made from these source answers.
	BySourceKeys(ctx context.Context, tn access.Tenant, keys []string) (map[string]improvement.Report, error)
	Settings(ctx context.Context, tn access.Tenant) (Settings, error)
}

// Settings are the organization's improvement options.
type Settings struct {
	Available bool // the organization uses improvement reports
	DueDays   int  // days until a report not tied to a check period is due
}

// Users names the acting user in the thread and checks an assignee.
type Users interface {
	Get(ctx context.Context, tn access.Tenant, id int64) (user.User, error)
}

// Facilities finds a store's group path (its scope) for a new report.
type Facilities interface {
	GroupPath(ctx context.Context, tn access.Tenant, facilityID int64) (string, error)
}

// Sheets reads the answer head office makes a report on.
type Sheets interface {
	Sheet(ctx context.Context, tn access.Tenant, periodID, facilityID int64) (checklist.Sheet, error)
}

// Photos checks that attached photos are the organization's.
type Photos interface {
	AllExist(ctx context.Context, tn access.Tenant, ids []int64) (bool, error)
}

// UseCases are the screens' calls (ROLE_CHECK_REFERENCE, or the staff of the
// report's store).
type UseCases struct {
	tx         background.Transactor
	reports    Reports
	users      Users
	facilities Facilities
	sheets     Sheets
	photos     Photos
	clock      clock.Clock
}

func New(tx background.Transactor, r Reports, u Users, f Facilities, s Sheets, p Photos, c clock.Clock) *UseCases {
	return &UseCases{tx: tx, reports: r, users: u, facilities: f, sheets: s, photos: p, clock: c}
}

// viewer is the principal as a reader of reports. Store staff (a user with
// a store, in its own organization) read their store's reports as the
// store; anyone else needs ROLE_CHECK_REFERENCE and reads as head office.
func (u *UseCases) viewer(ctx context.Context) (access.Principal, improvement.Viewer, error) {
	p, err := access.Require(ctx, access.RoleCheckReference)
	if err != nil {
		return p, improvement.Viewer{}, err
	}
	s, err := u.reports.Settings(ctx, p.Tenant())
	if err != nil {
		return p, improvement.Viewer{}, err
	}
	if !s.Available {
		return p, improvement.Viewer{}, failure.Forbidden()
	}
	if p.FacilityID != nil && p.ActingOrgID == p.OrganizationID {
		return p, improvement.Viewer{Side: improvement.Store, FacilityID: *p.FacilityID}, nil
	}
	return p, improvement.Viewer{Side: improvement.Office, OwnPath: p.GroupPath}, nil
}

// List is one page of the reports the viewer may see, with the counts per
// status of the same filter.
type List struct {
	Page   paging.Page[improvement.Report]
	Counts improvement.Counts
	Viewer improvement.Viewer
	Today  time.Time // for the overdue marks
}

// List returns a page of reports.
func (u *UseCases) List(ctx context.Context, f improvement.Filter, pg paging.Request) (List, error) {
	p, v, err := u.viewer(ctx)
	if err != nil {
		return List{}, err
	}
	f.Today = clock.Today(u.clock)
	if f.SortBy == "" {
		f.SortBy, f.Descending = improvement.SortModified, true
	}
	page, counts, err := u.reports.List(ctx, p.Tenant(), v, f, pg)
	return List{Page: page, Counts: counts, Viewer: v, Today: f.Today}, err
}

// Waiting is how many reports wait for the viewer's side (the menu badge).
func (u *UseCases) Waiting(ctx context.Context) (int, error) {
	p, v, err := u.viewer(ctx)
	if err != nil {
		return 0, err
	}
	return u.reports.Waiting(ctx, p.Tenant(), v)
}

// Detail is one report with its thread, as the viewer sees it.
type Detail struct {
	Report  improvement.Report
	Thread  []improvement.Event
	Side    improvement.Side
	Actions []improvement.Action // what the viewer may do now
	Today   time.Time
}

// report reads one report the viewer may see: another store's report is
// absent to store staff, as one outside the scope is to head office.
func (u *UseCases) report(ctx context.Context, id int64) (access.Principal, improvement.Report, improvement.Side, error) {
	p, v, err := u.viewer(ctx)
	if err != nil {
		return p, improvement.Report{}, "", err
	}
	r, err := u.reports.Get(ctx, p.Tenant(), id)
	if err != nil {
		return p, r, "", err
	}
	if v.Side == improvement.Store && r.FacilityID != v.FacilityID {
		return p, improvement.Report{}, "", failure.NotFound()
	}
	return p, r, v.SideFor(r.FacilityID), nil
}

// Detail returns a report and its thread.
func (u *UseCases) Detail(ctx context.Context, id int64) (Detail, error) {
	p, r, side, err := u.report(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	thread, err := u.reports.Thread(ctx, p.Tenant(), id)
	if err != nil {
		return Detail{}, err
	}
	return Detail{Report: r, Thread: thread, Side: side, Actions: r.Actions(side), Today: clock.Today(u.clock)}, nil
}

// MarkRead records that the viewer's side has read the report to its
// latest event (the detail screen calls it when it opens).
func (u *UseCases) MarkRead(ctx context.Context, id int64) error {
	p, r, side, err := u.report(ctx, id)
	if err != nil {
		return err
	}
	if !r.Markers.UnreadFor(side) {
		return nil
	}
	return u.reports.SetRead(ctx, p.Tenant(), id, r.Markers.Read(side))
}

// Act takes a step on the report read at version.
func (u *UseCases) Act(ctx context.Context, id, version int64, st improvement.Step) error {
	p, r, side, err := u.report(ctx, id)
	if err != nil {
		return err
	}
	if r.Version != version {
		return failure.Conflict("")
	}
	after, ev, err := r.Apply(side, st)
	if err != nil {
		return err
	}
	if err := u.checkPhotos(ctx, p, st.PhotoIDs); err != nil {
		return err
	}
	if err := u.by(ctx, p, &ev); err != nil {
		return err
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error {
		return u.reports.Append(ctx, p.Tenant(), after, ev, u.clock.Now())
	})
}

func (u *UseCases) checkPhotos(ctx context.Context, p access.Principal, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	ok, err := u.photos.AllExist(ctx, p.Tenant().WholeOrganization(), ids)
	if err != nil {
		return err
	}
	if !ok {
		return failure.Invalid(map[string]string{"photoIdList": improvement.MsgPhotoMissing})
	}
	return nil
}

// by signs ev with the acting user and their name as it is now.
func (u *UseCases) by(ctx context.Context, p access.Principal, ev *improvement.Event) error {
	me, err := u.users.Get(ctx, p.Home(), p.UserID)
	if err != nil {
		return err
	}
	ev.UserID, ev.UserName = &p.UserID, strings.TrimSpace(me.LastName+" "+me.FirstName)
	return nil
}

// Change is head office's edit of a report's due date and assignee.
type Change struct {
	DueDate    *time.Time
	AssigneeID *int64 // 0 clears it
}

// Update changes the due date and the assignee (head office only), one
// event for each that changed.
func (u *UseCases) Update(ctx context.Context, id, version int64, c Change) error {
	p, r, side, err := u.report(ctx, id)
	if err != nil {
		return err
	}
	if side != improvement.Office {
		return failure.Refused(improvement.MsgOfficeOnly)
	}
	if r.Status == improvement.Completed {
		return failure.Refused(improvement.MsgCompleted)
	}
	if r.Version != version {
		return failure.Conflict("")
	}
	var events []improvement.Event
	if c.DueDate != nil && !c.DueDate.Equal(r.DueDate) {
		r.DueDate = *c.DueDate
		r.Markers = r.Markers.Wrote(improvement.Office)
		due := *c.DueDate
		events = append(events, improvement.Event{Seq: r.Markers.Events, Kind: improvement.EventDueChanged, Side: improvement.Office, DueDate: &due})
	}
	if c.AssigneeID != nil && !sameAssignee(r.AssigneeID, *c.AssigneeID) {
		name := "なし"
		if *c.AssigneeID == 0 {
			r.AssigneeID = nil
		} else {
			found, err := u.reports.Assignees(ctx, p.Tenant().WholeOrganization(), r.FacilityID, "", *c.AssigneeID, 1)
			if err != nil {
				return err
			}
			if len(found) == 0 {
				return failure.Invalid(map[string]string{"assigneeUserId": MsgNoAssignee})
			}
			r.AssigneeID, name = c.AssigneeID, found[0].Name
		}
		r.Markers = r.Markers.Wrote(improvement.Office)
		events = append(events, improvement.Event{Seq: r.Markers.Events, Kind: improvement.EventAssignee, Side: improvement.Office, Text: name})
	}
	if len(events) == 0 {
		return nil
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error {
		for i := range events {
			if err := u.by(ctx, p, &events[i]); err != nil {
				return err
			}
			if err := u.reports.Append(ctx, p.Tenant(), r, events[i], u.clock.Now()); err != nil {
				return err
			}
			r.Version++ // the next event follows this one's write
		}
		return nil
	})
}

// MsgNoAssignee refuses an assignee who cannot see the report's store.
const MsgNoAssignee = "担当者に指定できるのは、この店舗を閲覧できる有効なユーザーです。"

// Assignees lists who may be given the report (head office only).
func (u *UseCases) Assignees(ctx context.Context, id int64, searchText string) ([]improvement.Assignee, error) {
	p, r, side, err := u.report(ctx, id)
	if err != nil {
		return nil, err
	}
	if side != improvement.Office {
		return nil, failure.Refused(improvement.MsgOfficeOnly)
	}
	return u.reports.Assignees(ctx, p.Tenant().WholeOrganization(), r.FacilityID, searchText, 0, improvement.MaxAssignees)
}

func sameAssignee(cur *int64, want int64) bool {
	if cur == nil {
		return want == 0
	}
	return *cur == want
}

// NewReport is head office's own report: on an answer of a store's check
// (from the status detail), or on a free subject.
type NewReport struct {
	FacilityID int64
	Subject    string
	PeriodID   int64 // with ItemID: the answer it is about
	ItemID     int64
	DueDate    *time.Time
}

// Create makes a report by hand (head office); a report on an answer that
// already has one returns that one.
func (u *UseCases) Create(ctx context.Context, in NewReport) (int64, error) {
	p, v, err := u.viewer(ctx)
	if err != nil {
		return 0, err
	}
	if v.Side == improvement.Store {
		return 0, failure.Refused(improvement.MsgOfficeOnly)
	}
	tn := p.Tenant()
	path, err := u.facilities.GroupPath(ctx, tn, in.FacilityID)
	if err != nil || !tn.Sees(path) {
		return 0, failure.Invalid(map[string]string{"facilityId": "店舗が見つかりません。"})
	}
	src := improvement.Source{Kind: improvement.FromManual}
	if in.PeriodID > 0 || in.ItemID > 0 {
		if src, err = u.answerSource(ctx, tn, in); err != nil {
			return 0, err
		}
	}
	subject := strings.TrimSpace(in.Subject)
	if subject == "" {
		subject = src.Subject()
	}
	if err := improvement.CheckSubject(subject); err != nil {
		return 0, err
	}
	s, err := u.reports.Settings(ctx, tn)
	if err != nil {
		return 0, err
	}
	due := improvement.DueFor(src, clock.Today(u.clock), s.DueDays)
	if in.DueDate != nil {
		due = *in.DueDate
	}
	r, ev := improvement.New(in.FacilityID, subject, src, due, improvement.Office)
	if err := u.by(ctx, p, &ev); err != nil {
		return 0, err
	}
	var id int64
	err = u.tx.InTx(ctx, func(ctx context.Context) error {
		id, _, err = u.reports.Create(ctx, tn, r, ev, &p.UserID, u.clock.Now())
		history.NameTarget(ctx, id) // the operation history names what was created
		return err
	})
	return id, err
}

func (u *UseCases) answerSource(ctx context.Context, tn access.Tenant, in NewReport) (improvement.Source, error) {
	sh, err := u.sheets.Sheet(ctx, tn, in.PeriodID, in.FacilityID)
	if err != nil {
		return improvement.Source{}, failure.Invalid(map[string]string{"periodId": "チェックが見つかりません。"})
	}
	for _, c := range sh.Categories {
		for _, it := range c.Items {
			if it.ID != in.ItemID {
				continue
			}
			a, ok := sh.Answers[it.ID]
			if !ok || !a.Done() {
				return improvement.Source{}, failure.Invalid(map[string]string{"itemId": "未回答の項目には作成できません。"})
			}
			return improvement.AnswerSource(improvement.FromManual, sh, c.Name, it, a), nil
		}
	}
	return improvement.Source{}, failure.Invalid(map[string]string{"itemId": "チェック項目が見つかりません。"})
}
