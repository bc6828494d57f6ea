import { api } from '@/lib/api/client';
import { fetchData } from '@/lib/api/send';
import { definedQuery } from '@/features/masters/common/listSearch';
import type { CheckListMasterSummary, Progress, StatusDetail, StatusPage } from './types';
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

/** The most check lists the filter offers (an organization has a handful). */
const CHECK_LIST_OPTIONS = 100;

export const statusApi = {
  list: (query: StatusListQuery): Promise<StatusPage> =>
    fetchData(() => api.GET('/api/status', { params: { query: definedQuery(query) } })),
  detail: (facilityId: number, checkListMasterId: number): Promise<StatusDetail> =>
    fetchData(() =>
      api.GET('/api/status/{facilityId}/{checkListMasterId}', { params: { path: { facilityId, checkListMasterId } } }),
    ),
  /** The check lists for the filter (needs ROLE_CHECK_ITEM_EDIT). */
  checkLists: async (): Promise<CheckListMasterSummary[]> =>
    (await fetchData(() => api.GET('/api/check_list_master', { params: { query: { page: 1, size: CHECK_LIST_OPTIONS } } })))
      .items,
};

/**
 * A photo's address for an <img> (the browser fetches it, not the API client): ORG_ID as every
 * /api/ call carries it (SPEC section 7).
 */
export function photoUrl(photoId: number, organizationId: number, thumbnail: boolean): string {
  const path = `/api/photo/${photoId}${thumbnail ? '/thumbnail' : ''}`;
  return organizationId > 0 ? `${path}?ORG_ID=${organizationId}` : path;
}
