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
	batches      *batches
}

// Improvements opens an improvement report for each dissatisfied
// customer's answer (app/improvement.Intake), in the answers' transaction,
// with the organization's option as that transaction read it.
type Improvements interface {
	FromSurveyAnswers(ctx context.Context, tn access.Tenant, org survey.OrgImprovements, answers []survey.StoredSubmission) error
}

func NewPublic(tx background.Transactor, s Surveys, t Throttle, im Improvements, c clock.Clock) *Public {
	p := &Public{tx: tx, surveys: s, throttle: t, improvements: im, clock: c, targets: newTargetCache()}
	p.batches = newBatches(runnersFor(tx), p.storeAll)
	return p
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
// A submission that reaches its transaction is counted there (AdmitAll),
// and the count commits with its batch; one refused before it is counted
// on its own (Throttle.Hit). One the database failed (503, 500) is not
// counted: the customer's retry after it must not bring them nearer the
// limit.
func (p *Public) Submit(ctx context.Context, key, browser, address string, a Answer) (Receipt, error) {
	s := &submission{key: key, browser: browser, rateKey: "survey:" + address, answer: a, now: p.clock.Now()}
	target, err := p.admissible(ctx, s)
	if err != nil {
		return Receipt{}, p.refusedBefore(ctx, s, err)
	}
	s.target = target
	return p.batches.submit(ctx, target.Survey.OrganizationID, s)
}

// refusedBefore counts a submission refused before its transaction
// (err), and returns the refusal Submit answers with.
func (p *Public) refusedBefore(ctx context.Context, s *submission, err error) error {
	if !isRefusal(err) {
		return err
	}
	hits, herr := p.throttle.Hit(ctx, s.rateKey, s.now, RateWindow)
	if herr != nil { // a refusal that could not be counted is the database's failure
		return herr
	}
	if hits > RateLimit {
		return errOverLimit
	}
	return err
}

// errOverLimit is the refusal of a submission over its address's rate limit.
var errOverLimit = failure.TooMany(survey.MsgTooMany)

// isRefusal reports whether err is one of the use case's refusals (a
// failure with its message for the customer) rather than the database
// failing.
func isRefusal(err error) bool {
	_, ok := failure.As(err)
	return ok
}

// admissible checks what a submission can be checked for before its
// transaction: its tokens, and that its key opens a survey (as this
// process last read it; the transaction checks the stamp).
func (p *Public) admissible(ctx context.Context, s *submission) (survey.Target, error) {
	if !survey.ValidToken(s.answer.IdempotencyKey) {
		return survey.Target{}, failure.Invalid(map[string]string{"idempotencyKey": "送信キーが正しくありません。ページを再読み込みしてください。"})
	}
	if !survey.ValidToken(s.browser) {
		return survey.Target{}, failure.Refused("ブラウザを確認できませんでした。Cookieを有効にしてページを再読み込みしてください。")
	}
	target, err := p.cachedTarget(ctx, s.key)
	_, _, err = p.opened(target, err)
	return target, err
}

// storeAll stores a batch of one organization's submissions (batches) in
// one transaction. When the database fails that transaction (a question
// removed under one of them, say), each is stored again alone, so one
// submission cannot fail the others.
func (p *Public) storeAll(ctx context.Context, subs []*submission) []outcome {
	out, err := p.storeTogether(ctx, subs)
	if err == nil {
		return out
	}
	if len(subs) == 1 {
		return []outcome{{err: err}}
	}
	for i, s := range subs {
		alone, err := p.storeTogether(ctx, []*submission{s})
		if err != nil {
			alone = []outcome{{err: err}}
		}
		out[i] = alone[0]
	}
	return out
}

// storeTogether stores subs in one transaction: their counts and browser
// locks, one query for what the database already has of them, then each
// decided in order (a later one sees an earlier one's answer, as it would
// have in turn), the stored answers in one statement and a report for each
// dissatisfied customer. A refusal is that submission's outcome; only the
// database failing fails them all (the error), rolling back.
func (p *Public) storeTogether(ctx context.Context, subs []*submission) ([]outcome, error) {
	out := make([]outcome, len(subs))
	err := p.tx.InTx(ctx, func(ctx context.Context) error {
		clear(out)
		tn := access.TrustedTenant(subs[0].target.Survey.OrganizationID)
		counts, err := p.surveys.AdmitAll(ctx, admissions(subs), latest(subs), RateWindow)
		if err != nil {
			return err
		}
		seen, err := p.seenAll(ctx, tn, subs, out)
		if err != nil {
			return err
		}
		var w batchWrite
		for i, s := range subs {
			switch {
			case counts[i] > RateLimit:
				out[i].err = errOverLimit
			case out[i].err != nil: // its key no longer opens a survey
			case seen[i].AnswerID != 0: // the first answer's receipt, whatever happened since
				out[i].r = Receipt{AnswerID: seen[i].AnswerID, Survey: s.target.Survey, Repeated: true}
			default:
				out[i].err = w.add(i, s, seen[i].LastAnswer, clock.Today(p.clock))
			}
		}
		stored, err := p.surveys.AddAnswers(ctx, tn, w.subs)
		if err != nil {
			return err
		}
		var answered []survey.StoredSubmission
		for j, a := range stored {
			i, s := w.from[j], subs[w.from[j]]
			out[i].r = Receipt{AnswerID: a.ID, Survey: s.target.Survey, Repeated: !a.Created}
			if a.Created {
				answered = append(answered, survey.StoredSubmission{Submission: w.subs[j], Survey: s.target.Survey, AnswerID: a.ID})
			}
		}
		if err := p.improvements.FromSurveyAnswers(ctx, tn, orgImprovements(seen), answered); err != nil {
			return err
		}
		for i, j := range w.repeats { // a double tap within the batch: the first one's receipt
			out[i].r = Receipt{AnswerID: out[w.from[j]].r.AnswerID, Survey: subs[i].target.Survey, Repeated: true}
		}
		return nil
	})
	return out, err
}

// seenAll asks the database what it has of subs (Surveys.SeenAll). A key
// whose survey or organization changed since this process read it is read
// again here, in the transaction, and its submissions asked for again; one
// that no longer opens a survey gets its refusal in out.
func (p *Public) seenAll(ctx context.Context, tn access.Tenant, subs []*submission, out []outcome) ([]survey.Seen, error) {
	seen, err := p.surveys.SeenAll(ctx, tn, seenQueries(subs))
	if err != nil {
		return nil, err
	}
	stale := map[string]bool{}
	for i, s := range subs {
		if seen[i].Stamp != s.target.Stamp {
			stale[s.key] = true
		}
	}
	if len(stale) == 0 {
		return seen, nil
	}
	for key := range stale {
		p.targets.forget(key)
		fresh, err := p.surveys.ByKey(ctx, key)
		if _, _, err = p.opened(fresh, err); err != nil && !isRefusal(err) {
			return nil, err
		}
		if err == nil {
			p.targets.put(key, fresh)
		}
		for i, s := range subs {
			switch {
			case s.key != key:
			case err != nil: // refused; its target stays as read, naming its organization
				out[i].err = err
			default:
				s.target = fresh
			}
		}
	}
	return p.surveys.SeenAll(ctx, tn, seenQueries(subs))
}

// orgImprovements is the organization's improvement report option as the
// batch's transaction read it: the same row for every submission whose key
// still opens a survey (one that no longer does reads none).
func orgImprovements(seen []survey.Seen) survey.OrgImprovements {
	for _, s := range seen {
		if s.Stamp != "" {
			return s.Improvements
		}
	}
	return survey.OrgImprovements{}
}

func admissions(subs []*submission) []survey.Admission {
	out := make([]survey.Admission, len(subs))
	for i, s := range subs {
		out[i] = survey.Admission{RateKey: s.rateKey, SurveyID: s.target.Survey.ID, BrowserToken: s.browser}
	}
	return out
}

// latest is the time of the batch's last submission: its counts' window
// is read from then.
func latest(subs []*submission) time.Time {
	at := subs[0].now
	for _, s := range subs[1:] {
		if s.now.After(at) {
			at = s.now
		}
	}
	return at
}

func seenQueries(subs []*submission) []survey.SeenQuery {
	qs := make([]survey.SeenQuery, len(subs))
	for i, s := range subs {
		qs[i] = survey.SeenQuery{SurveyID: s.target.Survey.ID, IdempotencyKey: s.answer.IdempotencyKey, BrowserToken: s.browser, Key: s.key}
		if s.target.Survey.LimitPerFacility() {
			qs[i].FacilityID = &s.target.Link.FacilityID
		}
	}
	return qs
}

// batchWrite is what a batch's transaction will store: the submissions it
// accepted, in order, and the answers each browser gave in the batch, so
// a later submission of the batch is held to the answer limit and the
// idempotency key as if the earlier ones were stored already.
type batchWrite struct {
	subs    []survey.Submission
	from    []int                    // subs[j] is the batch's submission from[j]
	byKey   map[answerKey]int        // an accepted submission's index in subs
	repeats map[int]int              // a batch submission repeating subs[j]'s key
	last    map[browserKey]time.Time // a browser's latest accepted answer
}

type answerKey struct {
	surveyID int64
	key      string
}

type browserKey struct {
	surveyID   int64
	browser    string
	facilityID int64 // 0 when the limit counts across the survey
}

// add decides s, the batch's submission i, given when its browser last
// answered as stored (last): it is a repeat of an accepted one, accepted,
// or refused (the error).
func (w *batchWrite) add(i int, s *submission, last *time.Time, today time.Time) error {
	sv, link := s.target.Survey, s.target.Link
	k := answerKey{sv.ID, s.answer.IdempotencyKey}
	if j, ok := w.byKey[k]; ok {
		if w.repeats == nil {
			w.repeats = map[int]int{}
		}
		w.repeats[i] = j
		return nil
	}
	if err := survey.StageError(sv.Period.StageOn(today)); err != nil {
		return err
	}
	values, nps, mail, err := sv.Check(s.answer.Values)
	if err != nil {
		return err
	}
	b := browserKey{surveyID: sv.ID, browser: s.browser}
	if sv.LimitPerFacility() {
		b.facilityID = link.FacilityID
	}
	if at, ok := w.last[b]; ok && (last == nil || at.After(*last)) {
		last = &at
	}
	if !sv.Allows(last, s.now) {
		return failure.Refused(survey.MsgLimitReached)
	}
	if w.byKey == nil {
		w.byKey, w.last = map[answerKey]int{}, map[browserKey]time.Time{}
	}
	w.byKey[k] = len(w.subs)
	w.last[b] = s.now
	w.from = append(w.from, i)
	w.subs = append(w.subs, survey.Submission{
		SurveyID: sv.ID, FacilityID: link.FacilityID, IdempotencyKey: s.answer.IdempotencyKey, BrowserToken: s.browser,
		AnsweredAt: s.now, NPSScore: nps, MailAddress: mail, Values: values,
	})
	return nil
}
