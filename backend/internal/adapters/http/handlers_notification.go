package http

import (
	"time"

	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
	notificationapp "github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/checklist"
	notificationdomain "github.com/rouder/console/internal/domain/notification"
)

func (h *handlers) GetNotificationSetting(c echo.Context, _ api.GetNotificationSettingParams) error {
	s, err := h.notices.Mine(c.Request().Context())
	if err != nil {
		return err
	}
	return ok(c, api.NotificationSetting{Mail: s.Mail, Push: s.Push, MailAddress: s.MailAddress,
		Subscriptions: s.Subscriptions, Endpoints: s.Endpoints, VapidPublicKey: s.PublicKey})
}

func (h *handlers) SaveNotificationSetting(c echo.Context, _ api.SaveNotificationSettingParams) error {
	var in api.NotificationChannelsInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	if err := h.notices.SaveMine(c.Request().Context(), notificationdomain.Channels{Mail: in.Mail, Push: in.Push}); err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func (h *handlers) AddPushSubscription(c echo.Context, _ api.AddPushSubscriptionParams) error {
	var in api.PushSubscriptionInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	sub := notificationdomain.Subscription{Endpoint: in.Endpoint, P256dh: in.Keys.P256dh, Auth: in.Keys.Auth}
	if err := h.notices.Subscribe(c.Request().Context(), sub, c.Request().UserAgent()); err != nil {
		return err
	}
	return okMessage(c, "この端末で通知を受け取ります。", nil)
}

func (h *handlers) RemovePushSubscription(c echo.Context, p api.RemovePushSubscriptionParams) error {
	if err := h.notices.Unsubscribe(c.Request().Context(), p.Endpoint); err != nil {
		return err
	}
	return okMessage(c, "この端末の通知を解除しました。", nil)
}

func (h *handlers) GetNotificationCalendar(c echo.Context, _ api.GetNotificationCalendarParams) error {
	cal, err := h.notices.Calendar(c.Request().Context())
	if err != nil {
		return err
	}
	days := make([]api.ClosingDay, len(cal.ClosingDays))
	for i, d := range cal.ClosingDays {
		days[i] = api.ClosingDay{FacilityId: d.FacilityID, Label: d.Label}
		if d.Weekday != nil {
			w := int(*d.Weekday)
			days[i].Weekday = &w
		}
		if !d.Date.IsZero() {
			days[i].Date = &openapi_types.Date{Time: d.Date}
		}
	}
	return ok(c, api.NotificationCalendar{EscalationDays: cal.EscalationDays, ClosingDayList: days, Version: cal.Version})
}

func (h *handlers) SaveNotificationCalendar(c echo.Context, _ api.SaveNotificationCalendarParams) error {
	var in api.NotificationCalendar
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	cal := notificationapp.Calendar{EscalationDays: in.EscalationDays, ClosingDays: make([]notificationdomain.ClosingDay, len(in.ClosingDayList))}
	for i, d := range in.ClosingDayList {
		cd := notificationdomain.ClosingDay{FacilityID: d.FacilityId, Label: d.Label}
		if d.Weekday != nil {
			w := time.Weekday(*d.Weekday)
			cd.Weekday = &w
		}
		if d.Date != nil {
			cd.Date = d.Date.Time
		}
		cal.ClosingDays[i] = cd
	}
	if err := h.notices.SaveCalendar(c.Request().Context(), cal, in.Version); err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func (h *handlers) PreviewCheckListNotifications(c echo.Context, _ api.PreviewCheckListNotificationsParams) error {
	var in api.NotificationPreviewInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	t := notificationdomain.Timing{StartTime: in.StartNotificationTime, ReminderTime: in.ReminderNotificationTime,
		ReminderDaysBefore: in.ReminderDaysBefore, BusinessDays: valueOr(in.BusinessDays, false),
		ClosingRule: string(valueOr(in.ClosingDayRule, api.NotificationPreviewInputClosingDayRuleBEFORE))}
	planned, err := h.notices.Preview(c.Request().Context(), t, checklist.Period{From: dateOrZero(in.FromDate), To: dateOrZero(in.ToDate)},
		checklist.Recurrence{Interval: in.NextInterval, Unit: string(in.NextDuration)})
	if err != nil {
		return err
	}
	out := make([]api.PlannedNotice, len(planned))
	for i, p := range planned {
		out[i] = api.PlannedNotice{Kind: api.PlannedNoticeKind(p.Kind), Label: notificationdomain.KindLabel(p.Kind), Date: p.At,
			FromDate: openapi_types.Date{Time: p.Period.From}, ToDate: openapi_types.Date{Time: p.Period.To}}
	}
	return ok(c, out)
}
