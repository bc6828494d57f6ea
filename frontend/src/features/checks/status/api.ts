import { api } from '@/lib/api/client';
import { fetchData } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import type { CheckListName, Progress, StatusDetail, StatusPage } from './types';
import type { StatusSortKey } from './schema';

// The check status calls (backend/api/openapi.yaml, tag status). Reads only: they throw an
// ApiError for the query cache.

export interface StatusListQuery {
  checkStatus?: Progress | undefined;
  groupId?: number | undefined;
  facilityAttributeId?: number | undefined;
  facilityName?: string | undefined;
  checkListMasterId?: number | undefined;
  includeOutOfPeriod: boolean;
  sortBy: StatusSortKey;
  descending: boolean;
  page: number;
  size: number;
}

export const statusApi = {
  list: (query: StatusListQuery): Promise<StatusPage> =>
    fetchData(() => api.GET('/api/status', { params: { query: definedQuery(query) } })),
  /** A store's answers in `periodId` (one of its history), or in the latest period without it. */
  detail: (facilityId: number, checkListMasterId: number, periodId?: number): Promise<StatusDetail> =>
    fetchData(() =>
      api.GET('/api/status/{facilityId}/{checkListMasterId}', {
        params: { path: { facilityId, checkListMasterId }, query: periodId === undefined ? {} : { periodId } },
      }),
    ),
  /** The check lists for the filter, by name (anyone who reads the status may). */
  checkLists: (): Promise<CheckListName[]> => fetchData(() => api.GET('/api/status/check_lists')),
};

/**
 * A photo's address for an <img> (the browser fetches it, not the API client): ORG_ID as every
 * /api/ call carries it (docs/product/errors.md).
 */
export function photoUrl(photoId: number, organizationId: number, thumbnail: boolean): string {
  const path = `/api/photo/${photoId}${thumbnail ? '/thumbnail' : ''}`;
  return organizationId > 0 ? `${path}?ORG_ID=${organizationId}` : path;
}
