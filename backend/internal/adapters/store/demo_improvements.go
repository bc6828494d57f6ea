package store

import (
	"context"
	"fmt"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/improvement"
)

// demoFinding is a source of a demo report, with its store and time.
type demoFinding struct {
	facilityID int64
	at         time.Time
	source     improvement.Source
}

// improvements seeds reports from the bad answers of the recent submitted
// sheets and from dissatisfied survey answers, then moves them along the
// loop so that every status, both unread sides and overdue reports show.
func (s *seeder) improvements(ctx context.Context, orgID int64) error {
	tn := access.TrustedTenant(orgID)
	findings, err := s.badAnswers(ctx, tn)
	if err != nil {
		return err
	}
	findings = append(findings, s.unhappy[max(0, len(s.unhappy)-6):]...)
	var store, office struct {
		ID   int64  `bun:"user_id"`
		Name string `bun:"name"`
	}
	for acct, u := range map[string]any{"store001": &store, "demoadmin": &office} {
		if err := s.db.selectIn(ctx, tn, "users", "u").ColumnExpr("u.user_id, u.last_name || ' ' || u.first_name AS name").
			Where("u.user_account = ?", acct).Scan(ctx, u); err != nil {
			return fmt.Errorf("demo improvement user %s: %w", acct, err)
		}
	}
	var photo int64
	if err := s.db.selectIn(ctx, tn, "photos", "p").ColumnExpr("MIN(p.photo_id)").Scan(ctx, &photo); err != nil {
		return err
	}
	repo := NewImprovements(s.db)
	today := clock.Today(clock.Fixed(s.now))
	replies := []string{"清掃し、写真を添付します。", "スタッフ全員に共有し、再発防止を徹底しました。", "備品を補充しました。"}
	for k, f := range findings {
		r, ev := improvement.New(f.facilityID, f.source.Subject(), f.source, improvement.DueFor(f.source, today, improvement.DefaultDueDays), improvement.Office)
		at := f.at
		id, created, err := repo.Create(ctx, tn, r, ev, nil, at)
		if err != nil || !created {
			return err
		}
		r.ID, r.Version = id, 1
		step := func(side improvement.Side, st improvement.Step) error {
			at = at.Add(3 * time.Hour)
			if at.After(s.now) {
				at = s.now.Add(-time.Minute)
			}
			next, ev, err := r.Apply(side, st)
			if err != nil {
				return fmt.Errorf("demo improvement %d: %w", id, err)
			}
			who := office
			if side == improvement.Store {
				who = store
			}
			ev.UserID, ev.UserName = &who.ID, who.Name
			if err := repo.Append(ctx, tn, next, ev, at); err != nil {
				return err
			}
			r, r.Version = next, r.Version+1
			return nil
		}
		reply := improvement.Step{Action: improvement.ActReply, Text: replies[k%len(replies)], PhotoIDs: []int64{photo}}
		sendBack := improvement.Step{Action: improvement.ActSendBack, Text: "改善後の写真を、別の角度からも添付してください。"}
		complete := improvement.Step{Action: improvement.ActComplete, Text: "確認しました。"}
		question := improvement.Step{Action: improvement.ActComment, Text: "業者の手配が必要です。期限の延長は可能でしょうか。"}
		switch k % 6 {
		case 1: // the store has read it and is on it
			err = repo.SetRead(ctx, tn, id, r.Markers.Read(improvement.Store))
		case 2: // replied, waiting for head office
			err = step(improvement.Store, reply)
		case 3: // sent back, and the store has not read why yet
			if err = step(improvement.Store, reply); err == nil {
				err = step(improvement.Office, sendBack)
			}
		case 4: // closed
			if err = step(improvement.Store, reply); err == nil {
				err = step(improvement.Office, complete)
			}
		case 5: // the store asks head office something
			err = step(improvement.Store, question)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// badAnswers are the bad answers of the submitted sheets of the last two
// periods of each check list that uses improvement reports.
func (s *seeder) badAnswers(ctx context.Context, tn access.Tenant) ([]demoFinding, error) {
	var sheets []struct {
		PeriodID    int64     `bun:"period_id"`
		FacilityID  int64     `bun:"facility_id"`
		SubmittedAt time.Time `bun:"submitted_at"`
	}
	if err := s.db.selectIn(ctx, tn, "check_sheets", "s").
		Join("JOIN check_periods AS p ON p.organization_id = s.organization_id AND p.period_id = s.period_id").
		Join("JOIN check_lists AS c ON c.organization_id = p.organization_id AND c.check_list_id = p.check_list_id").
		ColumnExpr("s.period_id, s.facility_id, s.submitted_at").
		Where("s.submitted AND c.available_improvement").
		Where("p.seq >= (SELECT MAX(q.seq) - 1 FROM check_periods AS q WHERE q.organization_id = p.organization_id AND q.check_list_id = p.check_list_id)").
		OrderExpr("s.submitted_at, s.facility_id").Scan(ctx, &sheets); err != nil {
		return nil, fmt.Errorf("demo sheets for improvements: %w", err)
	}
	checks := NewChecks(s.db)
	var out []demoFinding
	for _, x := range sheets {
		sh, err := checks.Sheet(ctx, tn, x.PeriodID, x.FacilityID)
		if err != nil {
			return nil, err
		}
		for _, f := range improvement.SheetFindings(sh, sh.Answers) {
			if f.Bad {
				out = append(out, demoFinding{facilityID: x.FacilityID, at: x.SubmittedAt, source: f.Source})
			}
		}
	}
	return out, nil
}
