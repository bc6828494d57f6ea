package notification

import (
	"context"
	"fmt"
	"github.com/rouder/console/internal/domain/access"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/notification"
)

// Outbox stores mail until it is delivered. Every call names the
// organization the mail belongs to.
type Outbox interface {
	Add(ctx context.Context, tn access.Tenant, msg notification.Message) (int64, error)
	Get(ctx context.Context, tn access.Tenant, mailID int64) (notification.QueuedMail, error)
	MarkSent(ctx context.Context, tn access.Tenant, mailID int64, at time.Time) error
	RecordFailure(ctx context.Context, tn access.Tenant, mailID int64, reason string) error
}

// DeliverMailJob asks the background workers to send one queued mail.
type DeliverMailJob struct {
	OrganizationID int64 `json:"organization_id"`
	MailID         int64 `json:"mail_id"`
}

func (DeliverMailJob) Kind() string { return "deliver_mail" }

// Mail queues and delivers e-mail.
type Mail struct {
	tx     background.Transactor
	outbox Outbox
	jobs   background.Enqueuer
	mailer Mailer
	clock  clock.Clock
}

func NewMail(tx background.Transactor, outbox Outbox, jobs background.Enqueuer, mailer Mailer, c clock.Clock) *Mail {
	return &Mail{tx: tx, outbox: outbox, jobs: jobs, mailer: mailer, clock: c}
}

// Queue stores msg and schedules its delivery in one transaction: when the
// caller's transaction rolls back, no mail leaves; when it commits, the mail
// will be sent even if the process stops right after.
func (m *Mail) Queue(ctx context.Context, tn access.Tenant, msg notification.Message) (int64, error) {
	orgID := tn.Org()
	if err := msg.Validate(); err != nil {
		return 0, err
	}
	var id int64
	err := m.tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if id, err = m.outbox.Add(ctx, tn, msg); err != nil {
			return err
		}
		return m.jobs.Enqueue(ctx, DeliverMailJob{OrganizationID: orgID, MailID: id})
	})
	return id, err
}

// Deliver sends one queued mail. Running it twice sends once: a delivered
// mail is skipped. A failed send is recorded and returned, so the job retries.
func (m *Mail) Deliver(ctx context.Context, job DeliverMailJob) error {
	q, err := m.outbox.Get(ctx, access.TrustedTenant(job.OrganizationID), job.MailID)
	if err != nil {
		return err
	}
	if q.Sent() {
		return nil
	}
	if err := m.mailer.Send(ctx, q.Message); err != nil {
		if rerr := m.outbox.RecordFailure(ctx, access.TrustedTenant(job.OrganizationID), job.MailID, err.Error()); rerr != nil {
			return fmt.Errorf("send mail %d: %w (and recording it failed: %v)", job.MailID, err, rerr)
		}
		return fmt.Errorf("send mail %d: %w", job.MailID, err)
	}
	return m.outbox.MarkSent(ctx, access.TrustedTenant(job.OrganizationID), job.MailID, m.clock.Now())
}
