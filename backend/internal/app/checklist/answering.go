package checklist

import (
	"context"
	"slices"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
)

// Checks stores sheets, answers and periods.
type Checks interface {
	Open(ctx context.Context, tn access.Tenant, facilityID int64, today time.Time) ([]checklist.OpenCheck, error)
	Sheet(ctx context.Context, tn access.Tenant, periodID, facilityID int64) (checklist.Sheet, error)
	Save(ctx context.Context, tn access.Tenant, sh checklist.Sheet, answers []checklist.Answer, submit bool, userID int64, now time.Time) error
	Status(ctx context.Context, tn access.Tenant, f checklist.StatusFilter, p paging.Request) (paging.Page[checklist.StatusRow], error)
	History(ctx context.Context, tn access.Tenant, facilityID, checkListID int64, today time.Time, limit int) ([]checklist.PeriodResult, error)
	LatestPeriods(ctx context.Context) ([]checklist.LatestPeriod, error)
	Names(ctx context.Context, tn access.Tenant) ([]checklist.Named, error)
	AddPeriod(ctx context.Context, tn access.Tenant, listID int64, seq int, p checklist.Period, items int) error
}

// Photos checks that attached photos are the organization's.
type Photos interface {
	AllExist(ctx context.Context, tn access.Tenant, ids []int64) (bool, error)
}

// Improvements opens improvement reports from a submitted sheet's bad
// answers (app/improvement.Intake), in the submit's transaction.
type Improvements interface {
	FromSheet(ctx context.Context, tn access.Tenant, sh checklist.Sheet, answers map[int64]checklist.Answer, now time.Time) error
}

// Facilities reads a store (for the status detail's scope check).
type Facilities interface {
	GroupPath(ctx context.Context, tn access.Tenant, facilityID int64) (string, error)
}

// Answering is the store side: the open checks of the user's store, the
// sheet, saving a draft and submitting.
type Answering struct {
	tx           background.Transactor
	checks       Checks
	photos       Photos
	improvements Improvements
	clock        clock.Clock
}

func NewAnswering(tx background.Transactor, c Checks, p Photos, im Improvements, cl clock.Clock) *Answering {
	return &Answering{tx: tx, checks: c, photos: p, improvements: im, clock: cl}
}

func (a *Answering) store(ctx context.Context) (access.Principal, int64, error) {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return p, 0, err
	}
	if p.FacilityID == nil || p.ActingOrgID != p.OrganizationID {
		return p, 0, failure.Refused(checklist.MsgNoFacility)
	}
	return p, *p.FacilityID, nil
}

// Open lists the checks the user's store can answer today.
func (a *Answering) Open(ctx context.Context) ([]checklist.OpenCheck, error) {
	p, facilityID, err := a.store(ctx)
	if err != nil {
		return nil, err
	}
	return a.checks.Open(ctx, p.Tenant(), facilityID, clock.Today(a.clock))
}

// Sheet returns the user's store's sheet for a period.
func (a *Answering) Sheet(ctx context.Context, periodID int64) (checklist.Sheet, error) {
	p, facilityID, err := a.store(ctx)
	if err != nil {
		return checklist.Sheet{}, err
	}
	sh, err := a.checks.Sheet(ctx, p.Tenant(), periodID, facilityID)
	if err != nil {
		return checklist.Sheet{}, err
	}
	if len(sh.TargetUserIDs) > 0 && !slices.Contains(sh.TargetUserIDs, p.UserID) {
		return checklist.Sheet{}, failure.Refused(checklist.MsgNotTarget)
	}
	return sh, nil
}

// Save stores a draft (submit false) or submits the sheet read at version.
// Only a running period can be answered; a submitted sheet is final.
func (a *Answering) Save(ctx context.Context, periodID, version int64, answers []checklist.Answer, submit bool) error {
	p, _, err := a.store(ctx)
	if err != nil {
		return err
	}
	sh, err := a.Sheet(ctx, periodID)
	if err != nil {
		return err
	}
	if !sh.Period.Active(clock.Today(a.clock)) {
		return failure.Refused(checklist.MsgNotOpen)
	}
	if sh.Submitted {
		return failure.Refused(checklist.MsgSubmitted)
	}
	if sh.Version != version {
		return failure.Conflict("")
	}
	if err := checklist.OneEach(answers); err != nil {
		return err
	}
	// On submit, the answers saved before count as given.
	all := mergeAnswers(sh.Answers, answers)
	if err := checklist.CheckAnswers(sh.Items(), all, submit); err != nil {
		return err
	}
	var photoIDs []int64
	for _, an := range answers {
		photoIDs = append(photoIDs, an.PhotoIDs...)
	}
	if ok, err := a.photos.AllExist(ctx, p.Tenant(), photoIDs); err != nil {
		return err
	} else if !ok {
		return failure.InvalidMessage("存在しない写真が含まれています。")
	}
	now := a.clock.Now()
	return a.tx.InTx(ctx, func(ctx context.Context) error {
		if err := a.checks.Save(ctx, p.Tenant(), sh, answers, submit, p.UserID, now); err != nil {
			return err
		}
		if !submit {
			return nil
		}
		stored := map[int64]checklist.Answer{}
		for _, an := range all {
			stored[an.ItemID] = an
		}
		return a.improvements.FromSheet(ctx, p.Tenant(), sh, stored, now)
	})
}

func mergeAnswers(saved map[int64]checklist.Answer, given []checklist.Answer) []checklist.Answer {
	byID := map[int64]checklist.Answer{}
	for id, an := range saved {
		byID[id] = an
	}
	for _, an := range given {
		byID[an.ItemID] = an
	}
	out := make([]checklist.Answer, 0, len(byID))
	for _, an := range byID {
		out = append(out, an)
	}
	return out
}

// Status is the head-office side: where every store stands
// (ROLE_CHECK_REFERENCE, within the user's subtree).
type Status struct {
	checks     Checks
	facilities Facilities
	clock      clock.Clock
}

func NewStatus(c Checks, f Facilities, cl clock.Clock) *Status {
	return &Status{checks: c, facilities: f, clock: cl}
}

func (s *Status) principal(ctx context.Context) (access.Principal, error) {
	return access.Require(ctx, access.RoleCheckReference)
}

// List returns a page of the status list.
func (s *Status) List(ctx context.Context, f checklist.StatusFilter, pg paging.Request) (paging.Page[checklist.StatusRow], error) {
	p, err := s.principal(ctx)
	if err != nil {
		return paging.Page[checklist.StatusRow]{}, err
	}
	f.Today = clock.Today(s.clock)
	return s.checks.Status(ctx, p.Tenant(), f, pg)
}

// Detail is one store on one check list: the current (or last) period's
// answers and the earlier periods for comparison.
type Detail struct {
	Sheet   checklist.Sheet
	History []checklist.PeriodResult
}

// CheckLists names the organization's check lists, for the status filter
// (readers of the status need not be allowed to edit the lists).
func (s *Status) CheckLists(ctx context.Context) ([]checklist.Named, error) {
	p, err := s.principal(ctx)
	if err != nil {
		return nil, err
	}
	return s.checks.Names(ctx, p.Tenant())
}

// Detail returns a store's answers to a check list in one of its periods:
// the given one (from the history it returns), or the latest that has started.
func (s *Status) Detail(ctx context.Context, facilityID, checkListID int64, periodID *int64) (Detail, error) {
	p, err := s.principal(ctx)
	if err != nil {
		return Detail{}, err
	}
	path, err := s.facilities.GroupPath(ctx, p.Tenant(), facilityID)
	if err != nil {
		return Detail{}, err
	}
	if !p.Sees(path) {
		return Detail{}, failure.NotFound()
	}
	history, err := s.checks.History(ctx, p.Tenant(), facilityID, checkListID, clock.Today(s.clock), 24)
	if err != nil {
		return Detail{}, err
	}
	shown := slices.IndexFunc(history, func(r checklist.PeriodResult) bool { return periodID == nil || r.PeriodID == *periodID })
	if shown < 0 {
		return Detail{}, failure.NotFound()
	}
	sh, err := s.checks.Sheet(ctx, p.Tenant(), history[shown].PeriodID, facilityID)
	if failure.Is(err, failure.KindRefused) {
		return Detail{}, failure.NotFound() // not a target store of this list
	}
	if err != nil {
		return Detail{}, err
	}
	return Detail{Sheet: sh, History: history}, nil
}

// Periods opens, for every check list, the periods that have come due
// since its last one ended. Safe to run any number of times.
type Periods struct {
	checks Checks
	clock  clock.Clock
}

func NewPeriods(c Checks, cl clock.Clock) *Periods { return &Periods{checks: c, clock: cl} }

// OpenDue returns how many periods it opened.
func (s *Periods) OpenDue(ctx context.Context) (int, error) {
	latest, err := s.checks.LatestPeriods(ctx)
	if err != nil {
		return 0, err
	}
	today, opened := clock.Today(s.clock), 0
	for _, l := range latest {
		next, err := l.Recurrence.PeriodsThrough(l.Period, today, 400)
		if err != nil {
			continue // a list with a broken recurrence stays as it is
		}
		for i, p := range next[1:] {
			if err := s.checks.AddPeriod(ctx, access.TrustedTenant(l.OrganizationID), l.CheckListID, l.Seq+i+1, p, l.Items); err != nil {
				return opened, err
			}
			opened++
		}
	}
	return opened, nil
}

// OpenPeriodsJob asks the background workers to open due periods.
type OpenPeriodsJob struct{}

func (OpenPeriodsJob) Kind() string { return "open_check_periods" }
