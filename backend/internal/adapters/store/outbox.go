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

// Deliveries is a page of the deliveries, newest first: every mail of the
// outbox (with the scheduled notice it carries, if any) and the scheduled
// deliveries that are not mail in the outbox (push, and missed or refused
// mail); of every organization when tn is nil (the system administrator's
// whole view), else of tn's organization only.
func (o *Outbox) Deliveries(ctx context.Context, tn *access.Tenant, f notification.DeliveryFilter, p paging.Request) (paging.Page[notification.Delivery], error) {
	p = p.Normalize()
	mailWhere, sendWhere, args := "", "s.mail_id IS NULL", []any{}
	comment := ""
	if tn == nil {
		comment = "/* " + AllTenants + " */ "
	} else {
		mailWhere, sendWhere = "WHERE m.organization_id = ?", "s.organization_id = ? AND s.mail_id IS NULL"
		args = append(args, tn.Org(), tn.Org())
	}
	union := `SELECT 'mail:' || m.mail_id AS delivery_key, m.mail_id AS delivery_id, m.organization_id, 'MAIL' AS channel,
			COALESCE(ns.kind, 'MAIL') AS kind, m.to_address AS recipient, m.subject,
			CASE WHEN m.sent_at IS NOT NULL THEN 'SENT' WHEN m.attempts > 0 THEN 'RETRYING' ELSE 'WAITING' END AS status,
			m.attempts, m.last_error, m.created_at, m.sent_at
		FROM mail_outbox AS m LEFT JOIN notification_sends AS ns ON ns.organization_id = m.organization_id AND ns.mail_id = m.mail_id ` + mailWhere + `
		UNION ALL
		SELECT 'send:' || s.send_id, s.send_id, s.organization_id, s.channel, s.kind, s.recipient, s.title, s.status,
			s.attempts, s.last_error, s.created_at, s.sent_at
		FROM notification_sends AS s WHERE ` + sendWhere
	var where []string
	if f.Status != "" {
		where = append(where, "d.status = ?")
		args = append(args, f.Status)
	}
	if s := strings.TrimSpace(f.SearchText); s != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(strings.ToLower(s)) + "%"
		where = append(where, `(LOWER(d.recipient) LIKE ? ESCAPE '\' OR LOWER(d.subject) LIKE ? ESCAPE '\')`)
		args = append(args, like, like)
	}
	filter := ""
	if len(where) > 0 {
		filter = "WHERE " + strings.Join(where, " AND ")
	}
	var total int
	if err := o.db.conn(ctx).NewRaw(comment+"SELECT COUNT(*) FROM ("+union+") AS d "+filter, args...).Scan(ctx, &total); err != nil {
		return paging.Page[notification.Delivery]{}, fmt.Errorf("count deliveries: %w", err)
	}
	var rows []struct {
		Key       string     `bun:"delivery_key"`
		ID        int64      `bun:"delivery_id"`
		OrgID     int64      `bun:"organization_id"`
		OrgName   string     `bun:"organization_name"`
		Channel   string     `bun:"channel"`
		Kind      string     `bun:"kind"`
		Recipient string     `bun:"recipient"`
		Subject   string     `bun:"subject"`
		Status    string     `bun:"status"`
		Attempts  int        `bun:"attempts"`
		LastError string     `bun:"last_error"`
		CreatedAt time.Time  `bun:"created_at"`
		SentAt    *time.Time `bun:"sent_at"`
	}
	err := o.db.conn(ctx).NewRaw(comment+`SELECT d.*, COALESCE(o.organization_name, '') AS organization_name FROM (`+union+`) AS d
		LEFT JOIN organizations AS o ON o.organization_id = d.organization_id `+filter+`
		ORDER BY d.created_at DESC, d.delivery_key DESC LIMIT ? OFFSET ?`, append(args, p.Size, p.Offset())...).Scan(ctx, &rows)
	if err != nil {
		return paging.Page[notification.Delivery]{}, fmt.Errorf("list deliveries: %w", err)
	}
	items := make([]notification.Delivery, len(rows))
	for i, r := range rows {
		items[i] = notification.Delivery{Key: r.Key, ID: r.ID, OrganizationID: r.OrgID, OrganizationName: r.OrgName,
			Channel: r.Channel, Kind: r.Kind, Recipient: r.Recipient, Subject: r.Subject, Status: r.Status, Attempts: r.Attempts,
			LastError: r.LastError, CreatedAt: r.CreatedAt, SentAt: r.SentAt}
	}
	return paging.Page[notification.Delivery]{Items: items, Total: total, Request: p}, nil
}
