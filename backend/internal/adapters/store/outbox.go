package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/notification"
)

type mailRow struct {
	bun.BaseModel `bun:"table:mail_outbox"`

	MailID         int64      `bun:"mail_id,pk,autoincrement"`
	OrganizationID int64      `bun:"organization_id,notnull"`
	ToAddress      string     `bun:"to_address,notnull"`
	Subject        string     `bun:"subject,notnull"`
	Body           string     `bun:"body,notnull"`
	SentAt         *time.Time `bun:"sent_at"`
	Attempts       int        `bun:"attempts,notnull"`
	LastError      string     `bun:"last_error,notnull"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
}

// Outbox is the mail outbox repository.
type Outbox struct{ db *DB }

func NewOutbox(db *DB) *Outbox { return &Outbox{db: db} }

func (o *Outbox) Add(ctx context.Context, tn access.Tenant, msg notification.Message) (int64, error) {
	row := &mailRow{OrganizationID: tn.Org(), ToAddress: msg.To, Subject: msg.Subject, Body: msg.Body, CreatedAt: time.Now().UTC()}
	if _, err := o.db.conn(ctx).NewInsert().Model(row).Returning("mail_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("queue mail: %w", err)
	}
	return row.MailID, nil
}

func (o *Outbox) Get(ctx context.Context, tn access.Tenant, mailID int64) (notification.QueuedMail, error) {
	var row mailRow
	err := o.db.selectModelIn(ctx, tn, &row).Where("mail_id = ?", mailID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return notification.QueuedMail{}, failure.NotFound()
	}
	if err != nil {
		return notification.QueuedMail{}, fmt.Errorf("read mail %d: %w", mailID, err)
	}
	return notification.QueuedMail{
		ID: row.MailID, OrganizationID: row.OrganizationID,
		Message:  notification.Message{To: row.ToAddress, Subject: row.Subject, Body: row.Body},
		SentAt:   row.SentAt,
		Attempts: row.Attempts, CreatedAt: row.CreatedAt,
	}, nil
}

func (o *Outbox) MarkSent(ctx context.Context, tn access.Tenant, mailID int64, at time.Time) error {
	at = at.UTC()
	return o.update(ctx, tn, mailID, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("sent_at = ?", at).Set("attempts = attempts + 1").Set("last_error = ''")
	})
}

func (o *Outbox) RecordFailure(ctx context.Context, tn access.Tenant, mailID int64, reason string) error {
	if len(reason) > 1000 {
		reason = reason[:1000]
	}
	return o.update(ctx, tn, mailID, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("attempts = attempts + 1").Set("last_error = ?", reason)
	})
}

func (o *Outbox) update(ctx context.Context, tn access.Tenant, mailID int64, set func(*bun.UpdateQuery) *bun.UpdateQuery) error {
	res, err := set(o.db.updateIn(ctx, tn, "mail_outbox")).Where("mail_id = ?", mailID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update mail %d: %w", mailID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}
