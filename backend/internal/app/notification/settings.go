package notification

import (
	"context"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/notification"
)

// ChannelStore keeps each user's channels and browsers.
type ChannelStore interface {
	Channels(ctx context.Context, tn access.Tenant, userID int64) (notification.Channels, error)
	SaveChannels(ctx context.Context, tn access.Tenant, userID int64, ch notification.Channels) error
	Subscribe(ctx context.Context, tn access.Tenant, s notification.Subscription, userAgent string, now time.Time) error
	Unsubscribe(ctx context.Context, tn access.Tenant, userID int64, endpoint string) error
	SubscriptionEndpoints(ctx context.Context, tn access.Tenant, userID int64) ([]string, error)
	MailAddress(ctx context.Context, tn access.Tenant, userID int64) (string, error)
}

// CalendarStore keeps the organization's closing days and escalation.
type CalendarStore interface {
	Calendar(ctx context.Context, tn access.Tenant) (Calendar, error)
	SaveCalendar(ctx context.Context, tn access.Tenant, c Calendar, version int64) error
}

// Calendar is the organization's notification policy: when overdue
// reports escalate, and the days it (or one store) does not work.
type Calendar struct {
	EscalationDays int
	ClosingDays    []notification.ClosingDay
	Version        int64
}

// Settings are a user's notification settings as the dialog shows them.
type Settings struct {
	notification.Channels
	MailAddress   string
	Subscriptions int      // browsers of this user that receive push
	Endpoints     []string // their push endpoints (a browser compares its own)
	PublicKey     string   // the VAPID key a browser subscribes with
}

// Settings is the self-service side (every signed-in user) and the
// organization's calendar (organization administrators).
type SettingsUseCases struct {
	tx       background.Transactor
	channels ChannelStore
	calendar CalendarStore
	pusher   Pusher
	holidays notification.Holidays
	clock    clock.Clock
}

func NewSettings(tx background.Transactor, ch ChannelStore, cal CalendarStore, p Pusher, h notification.Holidays, c clock.Clock) *SettingsUseCases {
	return &SettingsUseCases{tx: tx, channels: ch, calendar: cal, pusher: p, holidays: h, clock: c}
}

// Mine is the signed-in user's settings.
func (u *SettingsUseCases) Mine(ctx context.Context) (Settings, error) {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return Settings{}, err
	}
	tn := own(p)
	ch, err := u.channels.Channels(ctx, tn, p.UserID)
	if err != nil {
		return Settings{}, err
	}
	endpoints, err := u.channels.SubscriptionEndpoints(ctx, tn, p.UserID)
	if err != nil {
		return Settings{}, err
	}
	addr, err := u.channels.MailAddress(ctx, tn, p.UserID)
	if err != nil {
		return Settings{}, err
	}
	return Settings{Channels: ch, MailAddress: addr, Subscriptions: len(endpoints), Endpoints: endpoints, PublicKey: u.pusher.PublicKey()}, nil
}

// SaveMine stores the user's channels.
func (u *SettingsUseCases) SaveMine(ctx context.Context, ch notification.Channels) error {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return err
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error { return u.channels.SaveChannels(ctx, own(p), p.UserID, ch) })
}

// Subscribe registers this browser for the user's push notices (a browser
// that was another user's moves to this one).
func (u *SettingsUseCases) Subscribe(ctx context.Context, s notification.Subscription, userAgent string) error {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return err
	}
	if err := s.Validate(); err != nil {
		return err
	}
	if len(userAgent) > 300 {
		userAgent = userAgent[:300]
	}
	s.UserID = p.UserID
	return u.tx.InTx(ctx, func(ctx context.Context) error {
		return u.channels.Subscribe(ctx, own(p), s, userAgent, u.clock.Now())
	})
}

// Unsubscribe forgets one of the user's browsers.
func (u *SettingsUseCases) Unsubscribe(ctx context.Context, endpoint string) error {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return err
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error { return u.channels.Unsubscribe(ctx, own(p), p.UserID, endpoint) })
}

// own is the user's own organization: a user's channels are the user's,
// whichever organization a system administrator is looking at.
func own(p access.Principal) access.Tenant { return access.TrustedTenant(p.OrganizationID) }

// Calendar is the acting organization's calendar.
func (u *SettingsUseCases) Calendar(ctx context.Context) (Calendar, error) {
	p, err := access.Require(ctx, access.RoleOrganizationReference)
	if err != nil {
		return Calendar{}, err
	}
	return u.calendar.Calendar(ctx, p.Tenant())
}

// SaveCalendar replaces the calendar read at version; only a user of the
// whole organization (or a system administrator) may change it.
func (u *SettingsUseCases) SaveCalendar(ctx context.Context, c Calendar, version int64) error {
	p, err := access.Require(ctx, access.RoleOrganizationReference)
	if err != nil {
		return err
	}
	if !p.TopGroupUser && !p.SystemAdmin {
		return failure.Forbidden()
	}
	if err := notification.CheckEscalationDays(c.EscalationDays); err != nil {
		return err
	}
	if err := notification.ValidateClosingDays(c.ClosingDays); err != nil {
		return failure.Invalid(map[string]string{"closingDayList": err.Error()})
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error { return u.calendar.SaveCalendar(ctx, p.Tenant(), c, version) })
}

// Preview is a check list's next notices as edited (not yet saved), on
// the acting organization's calendar. Its input is checked by the rules
// saving the list applies (checklist.CheckList.ValidateSchedule), with the
// same field messages: a schedule saving refuses is refused, not previewed
// as no notices.
func (u *SettingsUseCases) Preview(ctx context.Context, t notification.Timing, first checklist.Period, r checklist.Recurrence) ([]notification.Planned, error) {
	p, err := access.Require(ctx, access.RoleCheckItemEdit)
	if err != nil {
		return nil, err
	}
	schedule := checklist.CheckList{First: first, Recurrence: r,
		StartNotificationTime: t.StartTime, ReminderNotificationTime: t.ReminderTime, ReminderDaysBefore: t.ReminderDaysBefore,
		ImprovementReminderTime: t.ImprovementTime, ImprovementReminderDaysBefore: t.ImprovementDaysBefore,
		ClosingDayRule: t.ClosingRule, BusinessDays: t.BusinessDays}
	if err := schedule.ValidateSchedule(); err != nil {
		return nil, err
	}
	c, err := u.calendar.Calendar(ctx, p.Tenant())
	if err != nil {
		return nil, err
	}
	cal := notification.NewCalendar(u.holidays, c.ClosingDays, 0)
	return notification.Preview(t, first, r, cal, u.clock.Now(), 6), nil
}
