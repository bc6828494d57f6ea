import type { components } from '@/lib/api/schema.gen';
import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import { DELETED, SAVED } from '@/features/masters/common/messages';
import type { FacilityItem } from '@/features/masters/common/types';
import type { Page } from '@/shared/list/types';
import type { CheckListMaster, CheckListMasterInput, CheckListMasterSummary, UserRow } from './types';

// The check-list master calls (openapi.yaml, tag checklist) and the reads the editor needs from
// other contexts (every store for the target list, users for the target users). Reads throw an
// ApiError for the query cache; saves answer an outcome whose toast the screen shows.

export const COPIED = 'コピーしました。';

export interface CheckListListQuery {
  searchText?: string | undefined;
  page: number;
  size: number;
}

/** The largest page the server gives (openapi: size 1–100). */
const FULL_PAGE = 100;
/** How many pages are asked for at once when every store is read. */
const PARALLEL_PAGES = 4;

/** Every page of a paged list, the first alone (it tells the total), then the rest a few at a time. */
export async function readAllPages<T>(readPage: (page: number, size: number) => Promise<Page<T>>): Promise<T[]> {
  const first = await readPage(1, FULL_PAGE);
  const pages = Math.ceil(first.total / FULL_PAGE);
  const rows = [...first.items];
  for (let start = 2; start <= pages; start += PARALLEL_PAGES) {
    const batch = [];
    for (let next = start; next < start + PARALLEL_PAGES && next <= pages; next += 1) batch.push(readPage(next, FULL_PAGE));
    for (const result of await Promise.all(batch)) rows.push(...result.items);
  }
  return rows;
}

export const checkListApi = {
  list: (query: CheckListListQuery): Promise<Page<CheckListMasterSummary>> =>
    fetchData(() => api.GET('/api/check_list_master', { params: { query: definedQuery(query) } })),
  defaults: (): Promise<CheckListMaster> => fetchData(() => api.GET('/api/check_list_master/defaults')),
  get: (checkListMasterId: number): Promise<CheckListMaster> =>
    fetchData(() => api.GET('/api/check_list_master/{checkListMasterId}', { params: { path: { checkListMasterId } } })),
  create: (body: CheckListMasterInput) => send(() => api.POST('/api/check_list_master', { body }), { successText: SAVED }),
  update: (checkListMasterId: number, body: CheckListMasterInput & { version: number }) =>
    send(
      () => api.PUT('/api/check_list_master/{checkListMasterId}', { params: { path: { checkListMasterId } }, body }),
      { successText: SAVED },
    ),
  remove: (checkListMasterId: number) =>
    send(
      () => api.DELETE('/api/check_list_master/{checkListMasterId}', { params: { path: { checkListMasterId } } }),
      { successText: DELETED },
    ),
  copy: (checkListMasterId: number) =>
    send(
      () => api.POST('/api/check_list_master/{checkListMasterId}/copy', { params: { path: { checkListMasterId } } }),
      { successText: COPIED },
    ),

  /** Every store the user may see, in kana order (the target-store picker filters them here). */
  allFacilities: (): Promise<FacilityItem[]> =>
    readAllPages((page, size) =>
      fetchData(() =>
        api.GET('/api/facility', { params: { query: { sortBy: 'facilityNameKana', descending: false, page, size } } }),
      ),
    ),

  /** Users matching a text (the target-user picker asks as the user types). */
  searchUsers: (searchText: string | undefined, size: number): Promise<Page<UserRow>> =>
    fetchData(() => api.GET('/api/user', { params: { query: definedQuery({ searchText, page: 1, size }) } })),
  getUser: (userId: number): Promise<UserRow> =>
    fetchData(() => api.GET('/api/user/{userId}', { params: { path: { userId } } })),
};

export type NotificationPreviewInput = components['schemas']['NotificationPreviewInput'];
export type PlannedNotice = components['schemas']['PlannedNotice'];

/** The next notices of a check list as edited, on the organization's calendar (nothing is saved). */
export const previewNotifications = (body: NotificationPreviewInput): Promise<PlannedNotice[]> =>
  fetchData(() => api.POST('/api/check_list_master/notification_preview', { body }));
