package survey

import (
	"context"
	"github.com/rouder/console/internal/domain/access"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/survey"
)

// Per-address rate limit of public submissions: more than RateLimit
// submissions (valid or not) within one RateWindow are refused until the
// window ends.
const (
	RateLimit  = 30
	RateWindow = 10 * time.Minute
)

// Public is the answer page's use cases; no session, the key is the
// only credential, so every refusal says as little as it must.
type Public struct {
	tx           background.Transactor
	surveys      Surveys
	throttle     Throttle
	improvements Improvements
	clock        clock.Clock
	targets      *targetCache
}

// Improvements opens an improvement report for a dissatisfied customer
// (app/improvement.Intake), in the answer's transaction, with the
// organization's option as that transaction read it.
type Improvements interface {
	FromSurveyAnswer(ctx context.Context, tn access.Tenant, org survey.OrgImprovements, s survey.Survey, answerID, facilityID int64, nps *int, values []survey.StoredValue, now time.Time) error
}

func NewPublic(tx background.Transactor, s Surveys, t Throttle, im Improvements, c clock.Clock) *Public {
	return &Public{tx: tx, surveys: s, throttle: t, improvements: im, clock: c, targets: newTargetCache()}
}

// Page is what the answer page shows for a key.
type Page struct {
	Survey survey.Survey
	Link   survey.Link
	Status string // survey.Open, NotYetOpen, Closed, or Answered
}

// open reads the survey a key names; an unknown key, a deleted survey and
// an organization without surveys are all the same 404.
func (p *Public) open(ctx context.Context, key string) (survey.Survey, survey.Link, error) {
	if key == "" || len(key) > 64 {
		return survey.Survey{}, survey.Link{}, failure.WithMessage(failure.KindNotFound, survey.MsgUnknownKey)
	}
	t, err := p.surveys.ByKey(ctx, key)
	return p.opened(t, err)
}

// opened is what a target read by key opens: the survey and its store, or
// the one not-found every refusal shares.
func (p *Public) opened(t survey.Target, err error) (survey.Survey, survey.Link, error) {
	if failure.Is(err, failure.KindNotFound) {
		return t.Survey, t.Link, failure.WithMessage(failure.KindNotFound, survey.MsgUnknownKey)
	}
	if err != nil {
		return t.Survey, t.Link, err
	}
	if !survey.Available(t.OrgAvailable, t.OrgSurveyStarts, clock.Today(p.clock)) {
		return t.Survey, t.Link, failure.WithMessage(failure.KindNotFound, survey.MsgUnknownKey)
	}
	return t.Survey, t.Link, nil
}

// cachedTarget is the target of a key as last read by this process, read
// now if it has none. Only Submit uses it: it checks the stamp inside its
// transaction and reads again when the survey or organization changed.
func (p *Public) cachedTarget(ctx context.Context, key string) (survey.Target, error) {
	if key == "" || len(key) > 64 {
		return survey.Target{}, failure.NotFound()
	}
	if t, ok := p.targets.get(key); ok {
		return t, nil
	}
	t, err := p.surveys.ByKey(ctx, key)
	// Only an open target is kept: a refused one is refused before the
	// transaction's stamp check, so kept it would outlive the organization
	// turning its surveys back on.
	if err == nil && survey.Available(t.OrgAvailable, t.OrgSurveyStarts, clock.Today(p.clock)) {
		p.targets.put(key, t)
	}
	return t, err
}

func (p *Public) limitReached(ctx context.Context, s survey.Survey, link survey.Link, browser string) (bool, error) {
	if browser == "" {
		return false, nil
	}
	var facility *int64
	if s.LimitPerFacility() {
		facility = &link.FacilityID
	}
	last, err := p.surveys.LastAnswer(ctx, access.TrustedTenant(s.OrganizationID), s.ID, browser, facility)
	if err != nil {
		return false, err
	}
	return !s.Allows(last, p.clock.Now()), nil
}

// Show returns the page for a key and a browser.
func (p *Public) Show(ctx context.Context, key, browser string) (Page, error) {
	s, link, err := p.open(ctx, key)
	if err != nil {
		return Page{}, err
	}
	pg := Page{Survey: s, Link: link, Status: s.Period.StageOn(clock.Today(p.clock))}
	if pg.Status == survey.Open {
		reached, err := p.limitReached(ctx, s, link, browser)
		if err != nil {
			return Page{}, err
		}
		if reached {
			pg.Status = survey.Answered
		}
	}
	return pg, nil
}

// Answer is a submission as the page sends it.
type Answer struct {
	IdempotencyKey string
	Values         []survey.Value
}

// Receipt is what the thank-you screen shows.
type Receipt struct {
	AnswerID int64
	Survey   survey.Survey // for the reward
	Repeated bool          // the idempotency key was already used: nothing new was stored
}

// Submit stores one answer. A repeated idempotency key returns the first
// answer and stores nothing (double tap, retry after a lost response).
//
// Every submission, valid or not, counts against its address's rate
// limit, and over the limit the refusal is TooMany whatever else is wrong.
// A submission that reaches its transaction is counted there, together
// with its browser's lock (Surveys.Admit), and the count commits with the
// answer; one refused before or inside it is counted on its own
// (Throttle.Hit), since its transaction, if any, rolled back. One the
// database failed (503, 500) is not counted: the customer's retry after it
// must not bring them nearer the limit.
func (p *Public) Submit(ctx context.Context, key, browser, address string, a Answer) (Receipt, error) {
	now := p.clock.Now()
	rateKey := "survey:" + address
	r, err := p.submit(ctx, key, browser, rateKey, now, a)
	if err == nil {
		return r, nil
	}
	if !isRefusal(err) {
		return Receipt{}, err
	}
	hits, herr := p.throttle.Hit(ctx, rateKey, now, RateWindow)
	if herr != nil { // a refusal that could not be counted is the database's failure
		if failure.Is(err, failure.KindTooMany) {
			return Receipt{}, err
		}
		return Receipt{}, herr
	}
	if hits > RateLimit {
		return Receipt{}, failure.TooMany(survey.MsgTooMany)
	}
	return Receipt{}, err
}

// errOverLimit is the transaction's count over the rate limit: it rolls
// back, and Submit counts the refusal on its own.
var errOverLimit = failure.TooMany(survey.MsgTooMany)

// isRefusal reports whether err is one of the use case's refusals (a
// failure with its message for the customer) rather than the database
// failing.
func isRefusal(err error) bool {
	_, ok := failure.As(err)
	return ok
}

func (p *Public) submit(ctx context.Context, key, browser, rateKey string, now time.Time, a Answer) (Receipt, error) {
	if !survey.ValidToken(a.IdempotencyKey) {
		return Receipt{}, failure.Invalid(map[string]string{"idempotencyKey": "送信キーが正しくありません。ページを再読み込みしてください。"})
	}
	if !survey.ValidToken(browser) {
		return Receipt{}, failure.Refused("ブラウザを確認できませんでした。Cookieを有効にしてページを再読み込みしてください。")
	}
	target, err := p.cachedTarget(ctx, key)
	s, link, err := p.opened(target, err)
	if err != nil {
		return Receipt{}, err
	}
	// The key named the organization; everything after runs inside it. A
	// key's survey, store and organization never change, whatever else does.
	tn := access.TrustedTenant(s.OrganizationID)
	var r Receipt
	err = p.tx.InTx(ctx, func(ctx context.Context) error {
		// The address's count, and one browser's submissions to one survey
		// take turns from here.
		hits, err := p.surveys.Admit(ctx, rateKey, now, RateWindow, s.ID, browser)
		if err != nil {
			return err
		}
		if hits > RateLimit {
			return errOverLimit
		}
		q := survey.SeenQuery{SurveyID: s.ID, IdempotencyKey: a.IdempotencyKey, BrowserToken: browser, Key: key}
		if s.LimitPerFacility() {
			q.FacilityID = &link.FacilityID
		}
		seen, err := p.surveys.Seen(ctx, tn, q)
		if err != nil {
			return err
		}
		if seen.Stamp != target.Stamp { // edited since this process read it: read it again, here
			p.targets.forget(key)
			fresh, err := p.surveys.ByKey(ctx, key)
			if s, link, err = p.opened(fresh, err); err != nil {
				return err
			}
			p.targets.put(key, fresh)
			if q.FacilityID = nil; s.LimitPerFacility() {
				q.FacilityID = &link.FacilityID
			}
			if seen, err = p.surveys.Seen(ctx, tn, q); err != nil {
				return err
			}
		}
		id, last := seen.AnswerID, seen.LastAnswer
		if id != 0 { // the first answer's receipt, whatever happened since
			r = Receipt{AnswerID: id, Survey: s, Repeated: true}
			return nil
		}
		if err := survey.StageError(s.Period.StageOn(clock.Today(p.clock))); err != nil {
			return err
		}
		values, nps, mail, err := s.Check(a.Values)
		if err != nil {
			return err
		}
		if !s.Allows(last, now) {
			return failure.Refused(survey.MsgLimitReached)
		}
		id, created, err := p.surveys.AddAnswer(ctx, tn, survey.Submission{
			SurveyID: s.ID, FacilityID: link.FacilityID, IdempotencyKey: a.IdempotencyKey, BrowserToken: browser,
			AnsweredAt: now, NPSScore: nps, MailAddress: mail, Values: values,
		})
		r = Receipt{AnswerID: id, Survey: s, Repeated: !created}
		if err != nil || !created {
			return err
		}
		return p.improvements.FromSurveyAnswer(ctx, tn, seen.Improvements, s, id, link.FacilityID, nps, values, now)
	})
	return r, err
}
