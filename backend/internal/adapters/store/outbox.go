package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/notification"
	"github.com/rouder/console/internal/domain/paging"
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

// Deliveries is a page of the mail deliveries, newest first: of every
// organization when tn is nil (the system administrator's whole view), else
// of tn's organization only.
func (o *Outbox) Deliveries(ctx context.Context, tn *access.Tenant, f notification.DeliveryFilter, p paging.Request) (paging.Page[notification.Delivery], error) {
	p = p.Normalize()
	var q *bun.SelectQuery
	if tn == nil {
		// The system administrator follows every organization's mail.
		q = o.db.conn(ctx).NewSelect().Comment(AllTenants).TableExpr("mail_outbox AS m")
	} else {
		q = o.db.selectIn(ctx, *tn, "mail_outbox", "m")
	}
	q = q.ColumnExpr("m.mail_id, m.organization_id, m.to_address, m.subject, m.sent_at, m.attempts, m.last_error, m.created_at").
		ColumnExpr("COALESCE(o.organization_name, '') AS organization_name").
		Join("LEFT JOIN organizations AS o ON o.organization_id = m.organization_id")
	switch f.Status {
	case notification.DeliverySent:
		q = q.Where("m.sent_at IS NOT NULL")
	case notification.DeliveryWaiting:
		q = q.Where("m.sent_at IS NULL AND m.attempts = 0")
	case notification.DeliveryRetrying:
		q = q.Where("m.sent_at IS NULL AND m.attempts > 0")
	}
	if s := strings.TrimSpace(f.SearchText); s != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(strings.ToLower(s)) + "%"
		q = q.Where(`(LOWER(m.to_address) LIKE ? ESCAPE '\' OR LOWER(m.subject) LIKE ? ESCAPE '\')`, like, like)
	}
	var rows []struct {
		mailRow          `bun:",extend"`
		OrganizationName string `bun:"organization_name"`
	}
	total, err := q.OrderExpr("m.created_at DESC, m.mail_id DESC").Limit(p.Size).Offset(p.Offset()).ScanAndCount(ctx, &rows)
	if err != nil {
		return paging.Page[notification.Delivery]{}, fmt.Errorf("list deliveries: %w", err)
	}
	items := make([]notification.Delivery, len(rows))
	for i, r := range rows {
		items[i] = notification.Delivery{ID: r.MailID, OrganizationID: r.OrganizationID, OrganizationName: r.OrganizationName,
			Channel: notification.ChannelMail, Recipient: r.ToAddress, Subject: r.Subject,
			Status: notification.DeliveryStatus(r.SentAt != nil, r.Attempts), Attempts: r.Attempts, LastError: r.LastError,
			CreatedAt: r.CreatedAt, SentAt: r.SentAt}
	}
	return paging.Page[notification.Delivery]{Items: items, Total: total, Request: p}, nil
}
