package improvement

import (
	"context"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/domain/survey"
)

// Intake opens reports from what stores and customers send: a submitted
// sheet's bad answers and a dissatisfied customer's survey answer. It runs
// inside the caller's transaction, so a report exists exactly when what it
// came from was stored; the source key makes it idempotent.
type Intake struct {
	reports Reports
}

func NewIntake(r Reports) *Intake { return &Intake{reports: r} }

// FromSheet opens one report per bad answer of a submitted sheet (answers
// as stored) and notes, on a still-open report, an answer that is no
// longer bad. Nothing happens unless the organization and the check list
// use improvement reports.
func (in *Intake) FromSheet(ctx context.Context, tn access.Tenant, sh checklist.Sheet, answers map[int64]checklist.Answer, now time.Time) error {
	if !sh.AvailableImprovement {
		return nil
	}
	s, err := in.reports.Settings(ctx, tn)
	if err != nil || !s.Available {
		return err
	}
	findings := improvement.SheetFindings(sh, answers)
	keys := make([]string, len(findings))
	for i, f := range findings {
		keys[i] = f.Source.Key(sh.FacilityID)
	}
	existing, err := in.reports.BySourceKeys(ctx, tn, keys)
	if err != nil {
		return err
	}
	for i, f := range findings {
		r, had := existing[keys[i]]
		switch {
		case f.Bad && !had:
			rep, ev := improvement.Opened(sh.FacilityID, f.Source, improvement.DueFor(f.Source, clock.Today(clock.Fixed(now)), s.DueDays))
			if _, _, err := in.reports.Create(ctx, tn, rep, ev, nil, now); err != nil {
				return err
			}
		case !f.Bad && had && r.Status != improvement.Completed:
			if err := in.noLongerBad(ctx, tn, r, f.Source, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// noLongerBad appends the system's note that the source answer is now a
// good one, once; the report stays open for head office to close.
func (in *Intake) noLongerBad(ctx context.Context, tn access.Tenant, r improvement.Report, src improvement.Source, now time.Time) error {
	thread, err := in.reports.Thread(ctx, tn, r.ID)
	if err != nil {
		return err
	}
	if n := len(thread); n > 0 && thread[n-1].Kind == improvement.EventNoLongerBad {
		return nil
	}
	r.Markers = r.Markers.Announced()
	ev := improvement.Event{Seq: r.Markers.Events, Kind: improvement.EventNoLongerBad, Side: improvement.Office,
		Text: "回答が「" + src.Choice + "」に変更され、低評価ではなくなりました。"}
	return in.reports.Append(ctx, tn, r, ev, now)
}

// FromSurveyAnswers opens a report for each dissatisfied customer's answer
// (an NPS of 0–6 or a rating of 1–2) whose survey uses improvement reports,
// if the organization does (org, as the answers' transaction read it): one
// statement for a batch of answers.
func (in *Intake) FromSurveyAnswers(ctx context.Context, tn access.Tenant, org survey.OrgImprovements, answers []survey.StoredSubmission) error {
	if !org.Available {
		return nil
	}
	var opened []improvement.Opening
	for _, a := range answers {
		if !a.Survey.AvailableImprovement || !improvement.Dissatisfied(a.NPSScore, a.Values) {
			continue
		}
		src := improvement.SurveySource(a.Survey, a.AnswerID, a.NPSScore, a.Values)
		rep, ev := improvement.Opened(a.FacilityID, src, improvement.DueFor(src, clock.Today(clock.Fixed(a.AnsweredAt)), org.DueDays))
		opened = append(opened, improvement.Opening{Report: rep, Event: ev, At: a.AnsweredAt})
	}
	if len(opened) == 0 {
		return nil
	}
	return in.reports.OpenAll(ctx, tn, opened)
}
