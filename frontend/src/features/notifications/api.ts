import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import type { components } from '@/lib/api/schema.gen';

// The notification calls (backend/api/openapi.yaml, tag notification): the signed-in user's
// channels and browsers, and the organization's calendar.
type Schemas = components['schemas'];
export type NotificationSetting = Schemas['NotificationSetting'];
export type PushSubscriptionInput = Schemas['PushSubscriptionInput'];
export type NotificationCalendar = Schemas['NotificationCalendar'];
export type ClosingDay = Schemas['ClosingDay'];

export const notificationKeys = {
  mine: ['notifications', 'mine'] as const,
  calendar: (organizationId: number) => ['notifications', organizationId, 'calendar'] as const,
};

export const notificationSettingQuery = queryOptions({
  queryKey: notificationKeys.mine,
  queryFn: () => fetchData(() => api.GET('/api/notification_setting')),
});

export const saveChannels = (body: { mail: boolean; push: boolean }) =>
  send(() => api.PUT('/api/notification_setting', { body }), { successText: '保存しました。' });

export const addSubscription = (body: PushSubscriptionInput) =>
  send(() => api.POST('/api/push_subscription', { body }));

export const removeSubscription = (endpoint: string) =>
  send(() => api.DELETE('/api/push_subscription', { params: { query: { endpoint } } }));

export const notificationCalendarQuery = (organizationId: number) =>
  queryOptions({
    queryKey: notificationKeys.calendar(organizationId),
    queryFn: () => fetchData(() => api.GET('/api/notification_calendar')),
  });

export const saveCalendar = (body: NotificationCalendar) =>
  send(() => api.PUT('/api/notification_calendar', { body }), { successText: '保存しました。' });
