// Package survey holds the customer-survey use cases: the editor
// (ROLE_SURVEY_REFERENCE), the public answer page (no session) and the
// results (ROLE_SURVEY_RESULT_REFERENCE).
package survey

import (
	"context"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/survey"
)

// Surveys stores surveys, their target stores' keys and answers.
type Surveys interface {
	List(ctx context.Context, tn access.Tenant, searchText string, p paging.Request) (paging.Page[survey.Summary], error)
	Get(ctx context.Context, tn access.Tenant, id int64) (survey.Survey, error)
	Create(ctx context.Context, tn access.Tenant, s survey.Survey, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, s survey.Survey, version int64, now time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64, now time.Time) error
	QuestionsBelong(ctx context.Context, tn access.Tenant, surveyID int64, s survey.Survey) (bool, error)
	FacilitiesExist(ctx context.Context, tn access.Tenant, ids []int64) (bool, error)
	Links(ctx context.Context, tn access.Tenant, surveyID int64) ([]survey.Link, error)
	Names(ctx context.Context, tn access.Tenant) ([]survey.Summary, error)
	ByKey(ctx context.Context, key string) (survey.Target, error)
	SeenAll(ctx context.Context, tn access.Tenant, qs []survey.SeenQuery) ([]survey.Seen, error)
	LastAnswer(ctx context.Context, tn access.Tenant, surveyID int64, browserToken string, facilityID *int64) (*time.Time, error)
	AddAnswers(ctx context.Context, tn access.Tenant, subs []survey.Submission) ([]survey.StoredAnswer, error)
	AdmitAll(ctx context.Context, as []survey.Admission, now time.Time, window time.Duration) ([]int, error)
}

// Organizations reads an organization's survey option.
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
}

// Throttle counts events per key in fixed windows (the sign-in throttle's
// table, reused for the public page's per-address rate limit).
type Throttle interface {
	Hit(ctx context.Context, key string, now time.Time, window time.Duration) (int, error)
}

// surveysOpen reports whether the organization may use surveys today: the
// option is on and its start date has come (menu rule of docs/product/shell.md).
func surveysOpen(o organization.Organization, today time.Time) bool {
	return survey.Available(o.AvailableSurvey, o.SurveyStartDate, today)
}

// allowed checks role and the organization's survey option (a system
// administrator is not held back by the option, as the menu shows it).
func allowed(ctx context.Context, orgs Organizations, c clock.Clock, role access.Role) (access.Principal, error) {
	p, err := access.Require(ctx, role)
	if err != nil {
		return p, err
	}
	if p.SystemAdmin {
		return p, nil
	}
	o, err := orgs.Get(ctx, p.ActingOrgID)
	if err != nil {
		return p, err
	}
	if !surveysOpen(o, clock.Today(c)) {
		return p, failure.Forbidden()
	}
	return p, nil
}

// Editor is the survey editor's use cases.
type Editor struct {
	tx      background.Transactor
	surveys Surveys
	orgs    Organizations
	clock   clock.Clock
}

func NewEditor(tx background.Transactor, s Surveys, o Organizations, c clock.Clock) *Editor {
	return &Editor{tx: tx, surveys: s, orgs: o, clock: c}
}

func (e *Editor) editor(ctx context.Context) (access.Principal, error) {
	return allowed(ctx, e.orgs, e.clock, access.RoleSurveyReference)
}

// Defaults is a new survey as the editor first shows it.
func (e *Editor) Defaults(ctx context.Context) (survey.Survey, error) {
	if _, err := e.editor(ctx); err != nil {
		return survey.Survey{}, err
	}
	return survey.Defaults(e.clock), nil
}

// List returns a page of surveys.
func (e *Editor) List(ctx context.Context, searchText string, p paging.Request) (paging.Page[survey.Summary], error) {
	pr, err := e.editor(ctx)
	if err != nil {
		return paging.Page[survey.Summary]{}, err
	}
	return e.surveys.List(ctx, pr.Tenant(), searchText, p)
}

// Get returns one survey.
func (e *Editor) Get(ctx context.Context, id int64) (survey.Survey, error) {
	pr, err := e.editor(ctx)
	if err != nil {
		return survey.Survey{}, err
	}
	return e.surveys.Get(ctx, pr.Tenant(), id)
}

// Create adds a survey; each target store gets its answer key.
func (e *Editor) Create(ctx context.Context, s survey.Survey) (int64, error) {
	pr, err := e.editor(ctx)
	if err != nil {
		return 0, err
	}
	s = clearIDs(s)
	if err := e.check(ctx, pr, s); err != nil {
		return 0, err
	}
	var id int64
	err = e.tx.InTx(ctx, func(ctx context.Context) (err error) {
		id, err = e.surveys.Create(ctx, pr.Tenant(), s, e.clock.Now())
		history.NameTarget(ctx, id) // the operation history names what was created
		return err
	})
	return id, err
}

// Update changes a survey read at version; questions keep their ids (the
// editor sends them back) and answers keep theirs.
func (e *Editor) Update(ctx context.Context, id, version int64, s survey.Survey) error {
	pr, err := e.editor(ctx)
	if err != nil {
		return err
	}
	if _, err := e.surveys.Get(ctx, pr.Tenant(), id); err != nil {
		return err
	}
	s.ID = id
	if ok, err := e.surveys.QuestionsBelong(ctx, pr.Tenant(), id, s); err != nil {
		return err
	} else if !ok {
		return failure.Invalid(map[string]string{"categoryList": "このアンケートにない質問が含まれています。"})
	}
	if err := e.check(ctx, pr, s); err != nil {
		return err
	}
	return e.tx.InTx(ctx, func(ctx context.Context) error {
		return e.surveys.Update(ctx, pr.Tenant(), s, version, e.clock.Now())
	})
}

// Delete hides a survey; its links stop answering and its answers stay.
func (e *Editor) Delete(ctx context.Context, id int64) error {
	pr, err := e.editor(ctx)
	if err != nil {
		return err
	}
	return e.tx.InTx(ctx, func(ctx context.Context) error { return e.surveys.Delete(ctx, pr.Tenant(), id, e.clock.Now()) })
}

// Links lists the target stores' answer links.
func (e *Editor) Links(ctx context.Context, id int64) ([]survey.Link, error) {
	pr, err := e.editor(ctx)
	if err != nil {
		return nil, err
	}
	return e.surveys.Links(ctx, pr.Tenant(), id)
}

// Preview is the answer page of a saved survey for its editors: open with
// its questions whatever its period, so they see what customers will. It
// reads only; the page sends nothing in preview.
func (e *Editor) Preview(ctx context.Context, id int64) (Page, error) {
	pr, err := e.editor(ctx)
	if err != nil {
		return Page{}, err
	}
	s, err := e.surveys.Get(ctx, pr.Tenant(), id)
	if err != nil {
		return Page{}, err
	}
	return Page{Survey: s, Status: survey.Open}, nil
}

// Link is one target store's link (for its QR code).
func (e *Editor) Link(ctx context.Context, id, facilityID int64) (survey.Link, error) {
	links, err := e.Links(ctx, id)
	if err != nil {
		return survey.Link{}, err
	}
	for _, l := range links {
		if l.FacilityID == facilityID {
			return l, nil
		}
	}
	return survey.Link{}, failure.NotFound()
}

func (e *Editor) check(ctx context.Context, pr access.Principal, s survey.Survey) error {
	if err := s.Validate(); err != nil {
		return err
	}
	ok, err := e.surveys.FacilitiesExist(ctx, pr.Tenant(), s.TargetFacilityIDs)
	if err != nil {
		return err
	}
	if !ok {
		return failure.Invalid(map[string]string{"targetFacilityList": "存在しない店舗が含まれています。"})
	}
	return nil
}

func clearIDs(s survey.Survey) survey.Survey {
	cats := make([]survey.Category, len(s.Categories))
	for i, c := range s.Categories {
		qs := make([]survey.Question, len(c.Questions))
		for j, q := range c.Questions {
			q.ID = 0
			qs[j] = q
		}
		cats[i] = survey.Category{Type: c.Type, Name: c.Name, Questions: qs}
	}
	s.ID, s.Categories = 0, cats
	return s
}
