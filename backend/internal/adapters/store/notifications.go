package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	notificationapp "github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/domain/notification"
)

// Notifications is the scheduled notices' repository: what may be due
// (the agenda, across organizations), the ledger that sends each
// occurrence once, users' channels and browsers, and the organizations'
// calendars.
type Notifications struct{ db *DB }

func NewNotifications(db *DB) *Notifications { return &Notifications{db: db} }

var (
	_ notificationapp.Agenda        = (*Notifications)(nil)
	_ notificationapp.Ledger        = (*Notifications)(nil)
	_ notificationapp.PushLedger    = (*Notifications)(nil)
	_ notificationapp.ChannelStore  = (*Notifications)(nil)
	_ notificationapp.CalendarStore = (*Notifications)(nil)
)

type timingCols struct {
	StartTime       string `bun:"start_notification_time"`
	ReminderTime    string `bun:"reminder_notification_time"`
	ReminderDays    int    `bun:"reminder_days_before"`
	ImprovementTime string `bun:"improvement_reminder_time"`
	ImprovementDays int    `bun:"improvement_reminder_days_before"`
	ClosingRule     string `bun:"closing_day_rule"`
	BusinessDays    bool   `bun:"business_days"`
}

func (t timingCols) timing() notification.Timing {
	return notification.Timing{StartTime: t.StartTime, ReminderTime: t.ReminderTime, ReminderDaysBefore: t.ReminderDays,
		ImprovementTime: t.ImprovementTime, ImprovementDaysBefore: t.ImprovementDays, ClosingRule: t.ClosingRule, BusinessDays: t.BusinessDays}
}

// CheckOccasions reads every target store of the periods that have
// started by today and end on or after since, of lists with a start or
// reminder time.
func (n *Notifications) CheckOccasions(ctx context.Context, since, today time.Time) ([]notificationapp.CheckOccasion, error) {
	var rows []struct {
		OrgID     int64     `bun:"organization_id"`
		OrgName   string    `bun:"organization_name"`
		ListID    int64     `bun:"check_list_id"`
		Name      string    `bun:"name"`
		PeriodID  int64     `bun:"period_id"`
		From      civilDate `bun:"from_date"`
		To        civilDate `bun:"to_date"`
		Facility  int64     `bun:"facility_id"`
		FacName   string    `bun:"facility_name"`
		Submitted bool      `bun:"submitted"`
		timingCols
	}
	err := n.db.conn(ctx).NewRaw(`/* `+AllTenants+` */ SELECT c.organization_id, o.organization_name, c.check_list_id, c.name,
			p.period_id, p.from_date, p.to_date, t.facility_id, f.facility_name, COALESCE(s.submitted, FALSE) AS submitted,
			c.start_notification_time, c.reminder_notification_time, c.reminder_days_before,
			c.improvement_reminder_time, c.improvement_reminder_days_before, c.closing_day_rule, c.business_days
		FROM check_lists AS c
		JOIN organizations AS o ON o.organization_id = c.organization_id
		JOIN check_periods AS p ON p.organization_id = c.organization_id AND p.check_list_id = c.check_list_id
		JOIN check_list_facilities AS t ON t.organization_id = c.organization_id AND t.check_list_id = c.check_list_id
		JOIN facilities AS f ON f.organization_id = t.organization_id AND f.facility_id = t.facility_id
		LEFT JOIN check_sheets AS s ON s.organization_id = p.organization_id AND s.period_id = p.period_id AND s.facility_id = t.facility_id
		WHERE c.deleted_at IS NULL AND (c.start_notification_time <> '' OR c.reminder_notification_time <> '')
			AND p.from_date <= ? AND p.to_date >= ?`, civilDate{today}, civilDate{since}).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("check occasions: %w", err)
	}
	out := make([]notificationapp.CheckOccasion, len(rows))
	for i, r := range rows {
		out[i] = notificationapp.CheckOccasion{OrganizationID: r.OrgID, OrganizationName: r.OrgName, CheckListID: r.ListID, ListName: r.Name,
			PeriodID: r.PeriodID, Period: checklist.Period{From: r.From.Time, To: r.To.Time}, FacilityID: r.Facility, FacilityName: r.FacName,
			Submitted: r.Submitted, Timing: r.timing()}
	}
	return out, nil
}

// OpenReports reads the reports not completed due by dueBy, with the
// timing of the check list or survey they came from (a survey has no
// closing-day settings: the defaults apply).
func (n *Notifications) OpenReports(ctx context.Context, dueBy time.Time) ([]notificationapp.ReportOccasion, error) {
	var rows []struct {
		OrgID    int64     `bun:"organization_id"`
		OrgName  string    `bun:"organization_name"`
		ID       int64     `bun:"improvement_id"`
		Facility int64     `bun:"facility_id"`
		FacName  string    `bun:"facility_name"`
		Path     string    `bun:"path"`
		Subject  string    `bun:"subject"`
		Status   string    `bun:"status"`
		Due      civilDate `bun:"due_date"`
		timingCols
	}
	err := n.db.conn(ctx).NewRaw(`/* `+AllTenants+` */ SELECT i.organization_id, o.organization_name, i.improvement_id, i.facility_id,
			f.facility_name, g.path, i.subject, i.status, i.due_date,
			'' AS start_notification_time, '' AS reminder_notification_time, 0 AS reminder_days_before,
			COALESCE(c.improvement_reminder_time, v.improvement_reminder_time, '') AS improvement_reminder_time,
			COALESCE(c.improvement_reminder_days_before, v.improvement_reminder_days_before, 0) AS improvement_reminder_days_before,
			COALESCE(c.closing_day_rule, 'BEFORE') AS closing_day_rule, COALESCE(c.business_days, FALSE) AS business_days
		FROM improvements AS i
		JOIN organizations AS o ON o.organization_id = i.organization_id
		JOIN facilities AS f ON f.organization_id = i.organization_id AND f.facility_id = i.facility_id
		JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id
		LEFT JOIN check_lists AS c ON c.organization_id = i.organization_id AND c.check_list_id = i.check_list_id
		LEFT JOIN surveys AS v ON v.organization_id = i.organization_id AND v.survey_id = i.survey_id
		WHERE i.status <> ? AND i.due_date <= ?`, string(improvement.Completed), civilDate{dueBy}).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("open reports: %w", err)
	}
	out := make([]notificationapp.ReportOccasion, len(rows))
	for i, r := range rows {
		out[i] = notificationapp.ReportOccasion{OrganizationID: r.OrgID, OrganizationName: r.OrgName, ReportID: r.ID, FacilityID: r.Facility,
			FacilityName: r.FacName, GroupPath: r.Path, Subject: r.Subject, Status: improvement.Status(r.Status), Due: r.Due.Time, Timing: r.timing()}
	}
	return out, nil
}

type closingRow struct {
	OrgID      int64      `bun:"organization_id"`
	FacilityID *int64     `bun:"facility_id"`
	Weekday    *int       `bun:"weekday"`
	ClosedOn   *civilDate `bun:"closed_on"`
	Label      string     `bun:"label"`
}

func (r closingRow) toDomain() notification.ClosingDay {
	d := notification.ClosingDay{FacilityID: r.FacilityID, Label: r.Label}
	if r.Weekday != nil {
		w := time.Weekday(*r.Weekday)
		d.Weekday = &w
	}
	if r.ClosedOn != nil {
		d.Date = r.ClosedOn.Time
	}
	return d
}

const closingColumns = "organization_id, facility_id, weekday, closed_on, label"

// ClosingDays reads every organization's closing days.
func (n *Notifications) ClosingDays(ctx context.Context) (map[int64][]notification.ClosingDay, error) {
	var rows []closingRow
	if err := n.db.conn(ctx).NewRaw(`/* `+AllTenants+` */ SELECT `+closingColumns+` FROM closing_days ORDER BY closing_day_id`).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("closing days: %w", err)
	}
	out := map[int64][]notification.ClosingDay{}
	for _, r := range rows {
		out[r.OrgID] = append(out[r.OrgID], r.toDomain())
	}
	return out, nil
}

// defaultEscalationDays applies to an organization that never saved its calendar.
const defaultEscalationDays = 3

// EscalationDays reads every organization's escalation interval.
func (n *Notifications) EscalationDays(ctx context.Context) (map[int64]int, error) {
	var rows []struct {
		OrgID int64 `bun:"organization_id"`
		Days  int   `bun:"escalation_days"`
	}
	if err := n.db.conn(ctx).NewRaw(`/* `+AllTenants+` */ SELECT o.organization_id, COALESCE(p.escalation_days, ?) AS escalation_days
		FROM organizations AS o LEFT JOIN notification_policies AS p ON p.organization_id = o.organization_id`, defaultEscalationDays).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("escalation days: %w", err)
	}
	out := make(map[int64]int, len(rows))
	for _, r := range rows {
		out[r.OrgID] = r.Days
	}
	return out, nil
}

// Claimed reads the occurrence keys taken since.
func (n *Notifications) Claimed(ctx context.Context, since time.Time) (map[string]bool, error) {
	var keys []string
	if err := n.db.conn(ctx).NewRaw(`/* `+AllTenants+` */ SELECT occurrence_key FROM notification_occurrences WHERE due_at >= ?`, since.UTC()).Scan(ctx, &keys); err != nil {
		return nil, fmt.Errorf("claimed occurrences: %w", err)
	}
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out, nil
}

// Recipients are the enabled users of an audience with their channels:
// mail when chosen and the user has an address, push when chosen and the
// user has a browser subscribed.
func (n *Notifications) Recipients(ctx context.Context, tn access.Tenant, a notificationapp.Audience) ([]notification.Recipient, error) {
	q := n.db.selectIn(ctx, tn, "users", "u").
		ColumnExpr("u.user_id, u.last_name, u.first_name, u.user_account, u.mail_address").
		ColumnExpr("COALESCE(ch.mail, TRUE) AS mail, COALESCE(ch.push, TRUE) AS push").
		ColumnExpr("EXISTS (SELECT 1 FROM push_subscriptions AS s WHERE s.organization_id = u.organization_id AND s.user_id = u.user_id) AS subscribed").
		Join("LEFT JOIN notification_channels AS ch ON ch.organization_id = u.organization_id AND ch.user_id = u.user_id").
		Where("u.disabled = FALSE").OrderExpr("u.user_id")
	switch {
	case a.FacilityID != 0:
		q = q.Where("u.facility_id = ?", a.FacilityID)
		if a.CheckListID != 0 {
			q = q.Where(`(NOT EXISTS (SELECT 1 FROM check_list_users AS t WHERE t.organization_id = u.organization_id AND t.check_list_id = ?)
				OR EXISTS (SELECT 1 FROM check_list_users AS t WHERE t.organization_id = u.organization_id AND t.check_list_id = ? AND t.user_id = u.user_id))`,
				a.CheckListID, a.CheckListID)
		}
	case a.GroupID != 0:
		q = q.Where("u.group_id = ? AND u.facility_id IS NULL", a.GroupID)
	default:
		return nil, nil
	}
	var rows []struct {
		ID         int64  `bun:"user_id"`
		Last       string `bun:"last_name"`
		First      string `bun:"first_name"`
		Account    string `bun:"user_account"`
		Address    string `bun:"mail_address"`
		Mail       bool   `bun:"mail"`
		Push       bool   `bun:"push"`
		Subscribed bool   `bun:"subscribed"`
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("recipients: %w", err)
	}
	out := make([]notification.Recipient, 0, len(rows))
	for _, r := range rows {
		out = append(out, notification.Recipient{UserID: r.ID, Name: fmt.Sprintf("%s %s (%s)", r.Last, r.First, r.Account),
			MailAddress: r.Address, Mail: r.Mail && r.Address != "", Push: r.Push && r.Subscribed})
	}
	return out, nil
}

// Claim takes an occurrence key; false when a run already took it.
func (n *Notifications) Claim(ctx context.Context, tn access.Tenant, o notification.Occurrence, missed bool, recipients int, now time.Time) (bool, error) {
	res, err := n.db.conn(ctx).NewRaw(`INSERT INTO notification_occurrences (occurrence_key, organization_id, kind, due_at, missed, recipients, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (occurrence_key) DO NOTHING`,
		o.Key, tn.Org(), o.Kind, o.At.UTC(), missed, recipients, now.UTC()).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("claim %s: %w", o.Key, err)
	}
	k, err := res.RowsAffected()
	return k == 1, err
}

type sendRow struct {
	bun.BaseModel `bun:"table:notification_sends"`

	SendID         int64      `bun:"send_id,pk,autoincrement"`
	OrganizationID int64      `bun:"organization_id,notnull"`
	OccurrenceKey  string     `bun:"occurrence_key,notnull"`
	Kind           string     `bun:"kind,notnull"`
	UserID         *int64     `bun:"user_id"`
	Recipient      string     `bun:"recipient,notnull"`
	Channel        string     `bun:"channel,notnull"`
	Title          string     `bun:"title,notnull"`
	Body           string     `bun:"body,notnull"`
	Link           string     `bun:"link,notnull"`
	MailID         *int64     `bun:"mail_id"`
	Status         string     `bun:"status,notnull"`
	Attempts       int        `bun:"attempts,notnull"`
	LastError      string     `bun:"last_error,notnull"`
	SentAt         *time.Time `bun:"sent_at"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
}

// AddSend records one delivery.
func (n *Notifications) AddSend(ctx context.Context, tn access.Tenant, s notificationapp.Send, now time.Time) (int64, error) {
	uid := s.UserID
	row := &sendRow{OrganizationID: tn.Org(), OccurrenceKey: s.OccurrenceKey, Kind: s.Kind, UserID: &uid, Recipient: truncate(s.Recipient, 300),
		Channel: s.Channel, Title: truncate(s.Notice.Title, 300), Body: s.Notice.Body, Link: truncate(s.Notice.Link, 500), MailID: s.MailID,
		Status: s.Status, CreatedAt: now.UTC()}
	if _, err := n.db.conn(ctx).NewInsert().Model(row).Returning("send_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("record delivery: %w", err)
	}
	return row.SendID, nil
}

// PushDelivery reads a push delivery.
func (n *Notifications) PushDelivery(ctx context.Context, tn access.Tenant, sendID int64) (notificationapp.PushDelivery, error) {
	var row sendRow
	err := n.db.selectModelIn(ctx, tn, &row).Where("send_id = ? AND channel = ?", sendID, notification.ChannelPush).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return notificationapp.PushDelivery{}, failure.NotFound()
	}
	if err != nil {
		return notificationapp.PushDelivery{}, fmt.Errorf("read delivery %d: %w", sendID, err)
	}
	d := notificationapp.PushDelivery{ID: row.SendID, Notice: notification.Notice{Title: row.Title, Body: row.Body, Link: row.Link}, Status: row.Status}
	if row.UserID != nil {
		d.UserID = *row.UserID
	}
	return d, nil
}

// Subscriptions reads a user's browsers.
func (n *Notifications) Subscriptions(ctx context.Context, tn access.Tenant, userID int64) ([]notification.Subscription, error) {
	var rows []struct {
		ID       int64  `bun:"subscription_id"`
		Endpoint string `bun:"endpoint"`
		P256dh   string `bun:"p256dh"`
		Auth     string `bun:"auth"`
	}
	if err := n.db.selectIn(ctx, tn, "push_subscriptions", "s").ColumnExpr("s.subscription_id, s.endpoint, s.p256dh, s.auth").
		Where("s.user_id = ?", userID).OrderExpr("s.subscription_id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("subscriptions: %w", err)
	}
	out := make([]notification.Subscription, len(rows))
	for i, r := range rows {
		out[i] = notification.Subscription{ID: r.ID, UserID: userID, Endpoint: r.Endpoint, P256dh: r.P256dh, Auth: r.Auth}
	}
	return out, nil
}

// RemoveSubscription forgets a browser the push service no longer knows.
func (n *Notifications) RemoveSubscription(ctx context.Context, tn access.Tenant, id int64) error {
	_, err := n.db.deleteIn(ctx, tn, "push_subscriptions").Where("subscription_id = ?", id).Exec(ctx)
	return err
}

// SettlePush records how a push delivery went.
func (n *Notifications) SettlePush(ctx context.Context, tn access.Tenant, sendID int64, status, lastError string, at time.Time) error {
	q := n.db.updateIn(ctx, tn, "notification_sends").Set("status = ?", status).Set("attempts = attempts + 1").
		Set("last_error = ?", truncate(lastError, 1000)).Where("send_id = ?", sendID)
	if status == notification.DeliverySent {
		q = q.Set("sent_at = ?", at.UTC())
	}
	_, err := q.Exec(ctx)
	return err
}

// Channels reads a user's choice (the defaults until the user chooses).
func (n *Notifications) Channels(ctx context.Context, tn access.Tenant, userID int64) (notification.Channels, error) {
	var rows []struct {
		Mail bool `bun:"mail"`
		Push bool `bun:"push"`
	}
	if err := n.db.selectIn(ctx, tn, "notification_channels", "c").ColumnExpr("c.mail, c.push").Where("c.user_id = ?", userID).Scan(ctx, &rows); err != nil {
		return notification.Channels{}, fmt.Errorf("channels: %w", err)
	}
	if len(rows) == 0 {
		return notification.DefaultChannels, nil
	}
	return notification.Channels{Mail: rows[0].Mail, Push: rows[0].Push}, nil
}

// SaveChannels stores a user's choice.
func (n *Notifications) SaveChannels(ctx context.Context, tn access.Tenant, userID int64, ch notification.Channels) error {
	_, err := n.db.conn(ctx).NewRaw(`INSERT INTO notification_channels (user_id, organization_id, mail, push) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET mail = EXCLUDED.mail, push = EXCLUDED.push`, userID, tn.Org(), ch.Mail, ch.Push).Exec(ctx)
	return err
}

// Subscribe stores a browser for the user; the same endpoint again (the
// browser renewed it, or another user signed in on it) replaces the old row.
func (n *Notifications) Subscribe(ctx context.Context, tn access.Tenant, s notification.Subscription, userAgent string, now time.Time) error {
	// The endpoint is unique across organizations: a shared tablet moves
	// from one organization's user to another's.
	if _, err := n.db.conn(ctx).NewRaw(`/* `+AllTenants+` */ DELETE FROM push_subscriptions WHERE endpoint = ?`, s.Endpoint).Exec(ctx); err != nil {
		return fmt.Errorf("replace subscription: %w", err)
	}
	_, err := n.db.conn(ctx).NewRaw(`INSERT INTO push_subscriptions (organization_id, user_id, endpoint, p256dh, auth, user_agent, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, tn.Org(), s.UserID, s.Endpoint, s.P256dh, s.Auth, userAgent, now.UTC()).Exec(ctx)
	if err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}
	return nil
}

// Unsubscribe forgets one of the user's browsers (an endpoint that is not
// the user's is left alone).
func (n *Notifications) Unsubscribe(ctx context.Context, tn access.Tenant, userID int64, endpoint string) error {
	_, err := n.db.deleteIn(ctx, tn, "push_subscriptions").Where("user_id = ? AND endpoint = ?", userID, endpoint).Exec(ctx)
	return err
}

// SubscriptionEndpoints are the push endpoints of the browsers that receive
// the user's push notices, oldest first.
func (n *Notifications) SubscriptionEndpoints(ctx context.Context, tn access.Tenant, userID int64) ([]string, error) {
	endpoints := []string{}
	if err := n.db.selectIn(ctx, tn, "push_subscriptions", "s").ColumnExpr("s.endpoint").
		Where("s.user_id = ?", userID).OrderExpr("s.subscription_id").Scan(ctx, &endpoints); err != nil {
		return nil, fmt.Errorf("subscription endpoints: %w", err)
	}
	return endpoints, nil
}

// MailAddress is the user's address ("" when none).
func (n *Notifications) MailAddress(ctx context.Context, tn access.Tenant, userID int64) (string, error) {
	var addr []string
	if err := n.db.selectIn(ctx, tn, "users", "u").ColumnExpr("u.mail_address").Where("u.user_id = ?", userID).Scan(ctx, &addr); err != nil {
		return "", fmt.Errorf("mail address: %w", err)
	}
	if len(addr) == 0 {
		return "", nil
	}
	return addr[0], nil
}

// Calendar reads the organization's escalation interval and closing days.
func (n *Notifications) Calendar(ctx context.Context, tn access.Tenant) (notificationapp.Calendar, error) {
	c := notificationapp.Calendar{EscalationDays: defaultEscalationDays}
	var pol []struct {
		Days    int   `bun:"escalation_days"`
		Version int64 `bun:"version"`
	}
	if err := n.db.selectIn(ctx, tn, "notification_policies", "p").ColumnExpr("p.escalation_days, p.version").Scan(ctx, &pol); err != nil {
		return c, fmt.Errorf("notification policy: %w", err)
	}
	if len(pol) > 0 {
		c.EscalationDays, c.Version = pol[0].Days, pol[0].Version
	}
	var rows []closingRow
	if err := n.db.selectIn(ctx, tn, "closing_days", "d").ColumnExpr("d.organization_id, d.facility_id, d.weekday, d.closed_on, d.label").
		OrderExpr("d.facility_id IS NOT NULL, d.facility_id, d.weekday IS NULL, d.weekday, d.closed_on").Scan(ctx, &rows); err != nil {
		return c, fmt.Errorf("closing days: %w", err)
	}
	for _, r := range rows {
		c.ClosingDays = append(c.ClosingDays, r.toDomain())
	}
	return c, nil
}

// SaveCalendar replaces the calendar read at version (0: never saved).
func (n *Notifications) SaveCalendar(ctx context.Context, tn access.Tenant, c notificationapp.Calendar, version int64) error {
	var res sql.Result
	var err error
	if version == 0 {
		res, err = n.db.conn(ctx).NewRaw(`INSERT INTO notification_policies (organization_id, escalation_days, version) VALUES (?, ?, 1)
			ON CONFLICT (organization_id) DO NOTHING`, tn.Org(), c.EscalationDays).Exec(ctx)
	} else {
		res, err = n.db.updateIn(ctx, tn, "notification_policies").Set("escalation_days = ?", c.EscalationDays).
			Set("version = version + 1").Where("version = ?", version).Exec(ctx)
	}
	if err != nil {
		return fmt.Errorf("save notification policy: %w", err)
	}
	if k, _ := res.RowsAffected(); k == 0 {
		return failure.Conflict("")
	}
	if _, err := n.db.deleteIn(ctx, tn, "closing_days").Exec(ctx); err != nil {
		return fmt.Errorf("replace closing days: %w", err)
	}
	for _, d := range c.ClosingDays {
		var wd *int
		if d.Weekday != nil {
			w := int(*d.Weekday)
			wd = &w
		}
		var on *civilDate
		if !d.Date.IsZero() {
			on = &civilDate{d.Date}
		}
		if d.FacilityID != nil {
			ok, err := n.db.selectIn(ctx, tn, "facilities", "f").Where("f.facility_id = ?", *d.FacilityID).Exists(ctx)
			if err != nil {
				return err
			}
			if !ok {
				return failure.Invalid(map[string]string{"closingDayList": "店舗が見つかりません。"})
			}
		}
		if _, err := n.db.conn(ctx).NewRaw(`INSERT INTO closing_days (organization_id, facility_id, weekday, closed_on, label) VALUES (?, ?, ?, ?, ?)`,
			tn.Org(), d.FacilityID, wd, on, d.Label).Exec(ctx); err != nil {
			return fmt.Errorf("add closing day: %w", err)
		}
	}
	return nil
}

// truncate cuts s to at most n bytes on a character boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
