import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import type { components } from '@/lib/api/schema.gen';
import { dayjs } from '@/lib/time/dayjs';

// The maintenance calls (backend/api/openapi.yaml: GET /maintenance, tag system).
type Schemas = components['schemas'];
export type MaintenanceStatus = Schemas['MaintenanceStatus'];
export type MaintenanceSettings = Schemas['MaintenanceSettings'];
export type MaintenanceInput = Schemas['MaintenanceInput'];

/** How often a signed-in console asks whether maintenance is announced or on. */
export const MAINTENANCE_POLL_MS = 30_000;

const NONE: MaintenanceStatus = { active: false, announced: false, message: '' };

/** The status every signed-in screen follows; a failed read is "no maintenance" (the calls themselves say otherwise). */
export const maintenanceStatusQuery = queryOptions({
  queryKey: ['maintenance', 'status'],
  queryFn: async (): Promise<MaintenanceStatus> => {
    const outcome = await send(() => api.GET('/maintenance'));
    return outcome.ok ? outcome.data : NONE;
  },
  refetchInterval: MAINTENANCE_POLL_MS,
  refetchOnWindowFocus: true,
});

export const maintenanceSettingsQuery = queryOptions({
  queryKey: ['maintenance', 'settings'],
  queryFn: () => fetchData(() => api.GET('/api/system/maintenance')),
});

export const saveMaintenance = (body: MaintenanceInput) =>
  send(() => api.PUT('/api/system/maintenance', { body }), { successText: '保存しました。' });

/** The window as people read it: 12/31(水) 02:00 〜 04:00. */
export function windowText(start?: string, end?: string): string {
  if (!start) return '';
  const from = dayjs(start).tz();
  if (!end) return `${from.format('M/D(dd) HH:mm')} 〜`;
  const to = dayjs(end).tz();
  return `${from.format('M/D(dd) HH:mm')} 〜 ${to.format(to.isSame(from, 'day') ? 'HH:mm' : 'M/D(dd) HH:mm')}`;
}
