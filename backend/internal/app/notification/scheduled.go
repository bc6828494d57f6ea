package notification

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/domain/notification"
)

// CheckOccasion is a target store of a check period that may owe a notice.
type CheckOccasion struct {
	OrganizationID   int64
	OrganizationName string
	CheckListID      int64
	ListName         string
	PeriodID         int64
	Period           checklist.Period
	FacilityID       int64
	FacilityName     string
	Submitted        bool
	Timing           notification.Timing
}

// ReportOccasion is an improvement report still open.
type ReportOccasion struct {
	OrganizationID   int64
	OrganizationName string
	ReportID         int64
	FacilityID       int64
	FacilityName     string
	GroupPath        string // the store's group, "/1/5/9/"
	Subject          string
	Status           improvement.Status
	Due              time.Time
	Timing           notification.Timing // the check list's or the survey's
}

// Agenda reads, across organizations, what may owe a notice.
type Agenda interface {
	// CheckOccasions are the target stores of periods that started by
	// today and end on or after since.
	CheckOccasions(ctx context.Context, since, today time.Time) ([]CheckOccasion, error)
	// OpenReports are the reports not completed that are due by dueBy.
	OpenReports(ctx context.Context, dueBy time.Time) ([]ReportOccasion, error)
	ClosingDays(ctx context.Context) (map[int64][]notification.ClosingDay, error)
	EscalationDays(ctx context.Context) (map[int64]int, error)
	// Claimed are the occurrence keys taken at or after since.
	Claimed(ctx context.Context, since time.Time) (map[string]bool, error)
}

// Audience names who an occurrence is for.
type Audience struct {
	FacilityID  int64 // the store's staff …
	CheckListID int64 // … restricted to the list's target users, when it names any
	GroupID     int64 // or the users of a group (not its stores' staff)
}

// Send is one delivery of an occurrence to one recipient on one channel.
type Send struct {
	OccurrenceKey string
	Kind          string
	UserID        int64
	Recipient     string
	Channel       string
	Notice        notification.Notice
	MailID        *int64
	Status        string
}

// Ledger addresses occurrences and records them, in the caller's
// transaction. Claim is the exactly-once guarantee: it inserts the key and
// reports false when another run already has it.
type Ledger interface {
	Recipients(ctx context.Context, tn access.Tenant, a Audience) ([]notification.Recipient, error)
	Claim(ctx context.Context, tn access.Tenant, o notification.Occurrence, missed bool, recipients int, now time.Time) (bool, error)
	AddSend(ctx context.Context, tn access.Tenant, s Send, now time.Time) (int64, error)
}

// SendNotificationsJob asks the workers to send what has come due.
type SendNotificationsJob struct{}

func (SendNotificationsJob) Kind() string { return "send_notifications" }

// DeliverPushJob asks the workers to push one delivery.
type DeliverPushJob struct {
	OrganizationID int64 `json:"organization_id"`
	SendID         int64 `json:"send_id"`
}

func (DeliverPushJob) Kind() string { return "deliver_push" }

// Scheduler finds the occurrences that have come due and delivers each
// once: the timer runs it every minute, an operator may force it, several
// instances may run it at once; the ledger's unique key decides.
type Scheduler struct {
	tx       background.Transactor
	agenda   Agenda
	ledger   Ledger
	outbox   Outbox
	jobs     background.Enqueuer
	holidays notification.Holidays
	base     string
	clock    clock.Clock
}

// BaseURL is where the console is reached; notices link into it.
type BaseURL string

func NewScheduler(tx background.Transactor, a Agenda, l Ledger, o Outbox, j background.Enqueuer, h notification.Holidays, base BaseURL, c clock.Clock) *Scheduler {
	return &Scheduler{tx: tx, agenda: a, ledger: l, outbox: o, jobs: j, holidays: h, base: string(base), clock: c}
}

// Result counts what a run did.
type Result struct {
	Sent   int // occurrences delivered (to however many recipients)
	Missed int // occurrences recorded as missed
}

// Run sends what is due now.
func (s *Scheduler) Run(ctx context.Context) (Result, error) { return s.RunAt(ctx, s.clock.Now()) }

// due is an occurrence with its audience, ready to claim.
type due struct {
	occ      notification.Occurrence
	audience Audience
	fate     notification.Fate
}

// RunAt sends what is due at now (tests pass their own instant).
func (s *Scheduler) RunAt(ctx context.Context, now time.Time) (Result, error) {
	list, err := s.collect(ctx, now)
	if err != nil {
		return Result{}, err
	}
	claimed, err := s.agenda.Claimed(ctx, now.Add(-notification.Lookback-48*time.Hour))
	if err != nil {
		return Result{}, err
	}
	var res Result
	for _, d := range list {
		if claimed[d.occ.Key] {
			continue
		}
		sent, err := s.deliver(ctx, d, now)
		if err != nil {
			return res, fmt.Errorf("notice %s: %w", d.occ.Key, err)
		}
		switch {
		case sent && d.fate == notification.Send:
			res.Sent++
		case sent:
			res.Missed++
		}
	}
	return res, nil
}

// collect lists every occurrence whose instant has passed and is not too old.
func (s *Scheduler) collect(ctx context.Context, now time.Time) ([]due, error) {
	closing, err := s.agenda.ClosingDays(ctx)
	if err != nil {
		return nil, err
	}
	today := clock.Today(clock.Fixed(now))
	var out []due
	add := func(o notification.Occurrence, a Audience) {
		if f := notification.FateOf(o.At, now); f == notification.Send || f == notification.Missed {
			out = append(out, due{occ: o, audience: a, fate: f})
		}
	}
	checks, err := s.agenda.CheckOccasions(ctx, today.AddDate(0, 0, -4), today)
	if err != nil {
		return nil, err
	}
	for _, c := range checks {
		cal := notification.NewCalendar(s.holidays, closing[c.OrganizationID], c.FacilityID)
		o := notification.Occurrence{OrganizationID: c.OrganizationID, OrganizationName: c.OrganizationName,
			FacilityID: c.FacilityID, FacilityName: c.FacilityName, Subject: c.ListName, Period: c.Period, PeriodID: c.PeriodID}
		staff := Audience{FacilityID: c.FacilityID, CheckListID: c.CheckListID}
		if at, ok := c.Timing.StartAt(c.Period); ok {
			o.Kind, o.At, o.Key = notification.KindCheckStart, at, notification.CheckKey(notification.KindCheckStart, c.PeriodID, c.FacilityID)
			add(o, staff)
		}
		if at, ok := c.Timing.ReminderAt(cal, c.Period); ok && !c.Submitted {
			o.Kind, o.At, o.Key = notification.KindCheckReminder, at, notification.CheckKey(notification.KindCheckReminder, c.PeriodID, c.FacilityID)
			add(o, staff)
		}
	}
	reports, err := s.agenda.OpenReports(ctx, today.AddDate(0, 0, 62))
	if err != nil {
		return nil, err
	}
	escalation, err := s.agenda.EscalationDays(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range reports {
		cal := notification.NewCalendar(s.holidays, closing[r.OrganizationID], r.FacilityID)
		groups := groupIDs(r.GroupPath)
		o := notification.Occurrence{OrganizationID: r.OrganizationID, OrganizationName: r.OrganizationName, FacilityID: r.FacilityID,
			FacilityName: r.FacilityName, Subject: r.Subject, ReportID: r.ReportID, DueDate: r.Due}
		if at, ok := r.Timing.ImprovementAt(cal, r.Due); ok {
			// The side that must act: the store while in progress, the
			// store's own group (head office's nearest users) in review.
			a := Audience{FacilityID: r.FacilityID}
			if side, _ := improvement.Acts(r.Status); side == improvement.Office && len(groups) > 0 {
				a = Audience{GroupID: groups[len(groups)-1]}
			}
			o.Kind, o.At, o.Key = notification.KindImprovementReminder, at, notification.ImprovementKey(r.ReportID, r.Due)
			add(o, a)
		}
		days := escalation[r.OrganizationID]
		if days <= 0 {
			continue
		}
		for level := 1; level <= len(groups); level++ {
			at := notification.EscalationAt(r.Due, days, level)
			if at.After(now) {
				break
			}
			e := o
			e.Kind, e.At, e.Level, e.Key = notification.KindEscalation, at, level, notification.EscalationKey(r.ReportID, r.Due, level)
			add(e, Audience{GroupID: groups[len(groups)-level]})
		}
	}
	return out, nil
}

// deliver claims d and, when it is this run's, records and queues its
// deliveries in the same transaction: all of them or none.
func (s *Scheduler) deliver(ctx context.Context, d due, now time.Time) (bool, error) {
	tn := access.TrustedTenant(d.occ.OrganizationID)
	var claimed bool
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		recipients, err := s.ledger.Recipients(ctx, tn, d.audience)
		if err != nil {
			return err
		}
		missed := d.fate == notification.Missed
		if claimed, err = s.ledger.Claim(ctx, tn, d.occ, missed, len(recipients), now); err != nil || !claimed {
			return err
		}
		notice := notification.Compose(d.occ, s.base)
		for _, r := range recipients {
			if err := s.send(ctx, tn, d.occ, notice, r, missed, now); err != nil {
				return err
			}
		}
		return nil
	})
	return claimed, err
}

func (s *Scheduler) send(ctx context.Context, tn access.Tenant, o notification.Occurrence, n notification.Notice, r notification.Recipient, missed bool, now time.Time) error {
	base := Send{OccurrenceKey: o.Key, Kind: o.Kind, UserID: r.UserID, Notice: n, Status: notification.DeliveryWaiting}
	if missed {
		base.Status = notification.DeliveryMissed
	}
	if r.Mail {
		m := base
		m.Channel, m.Recipient = notification.ChannelMail, r.MailAddress
		if !missed {
			msg := n.Mail(r.MailAddress)
			if msg.Validate() != nil {
				m.Status = notification.DeliveryFailed
			} else {
				id, err := s.outbox.Add(ctx, tn, msg)
				if err != nil {
					return err
				}
				if err := s.jobs.Enqueue(ctx, DeliverMailJob{OrganizationID: tn.Org(), MailID: id}); err != nil {
					return err
				}
				m.MailID = &id
			}
		}
		if _, err := s.ledger.AddSend(ctx, tn, m, now); err != nil {
			return err
		}
	}
	if r.Push {
		p := base
		p.Channel, p.Recipient = notification.ChannelPush, r.Name
		id, err := s.ledger.AddSend(ctx, tn, p, now)
		if err != nil {
			return err
		}
		if !missed {
			if err := s.jobs.Enqueue(ctx, DeliverPushJob{OrganizationID: tn.Org(), SendID: id}); err != nil {
				return err
			}
		}
	}
	return nil
}

// groupIDs are the groups of a path, top first ("/1/5/9/" → 1, 5, 9).
func groupIDs(path string) []int64 {
	var out []int64
	for _, p := range strings.Split(strings.Trim(path, "/"), "/") {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil {
			out = append(out, id)
		}
	}
	return out
}
