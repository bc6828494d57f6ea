import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { statusApi, type StatusListQuery } from './api';

/** Query keys: everything of check status in one organization sits under `statusKeys.all(org)`. */
export const statusKeys = {
  all: (organizationId: number) => ['checks', organizationId, 'status'] as const,
  list: (organizationId: number, query: StatusListQuery) => [...statusKeys.all(organizationId), 'list', query] as const,
  detail: (organizationId: number, facilityId: number, checkListMasterId: number, periodId?: number) =>
    [...statusKeys.all(organizationId), 'detail', facilityId, checkListMasterId, periodId ?? 'latest'] as const,
  checkLists: (organizationId: number) => [...statusKeys.all(organizationId), 'checkLists'] as const,
};

export const statusListQuery = (organizationId: number, query: StatusListQuery) =>
  queryOptions({
    queryKey: statusKeys.list(organizationId, query),
    retry: retryUnlessRefused,
    queryFn: () => statusApi.list(query),
    // The rows of the previous page stay while the next one loads.
    placeholderData: keepPreviousData,
  });

export const statusDetailQuery = (
  organizationId: number,
  facilityId: number,
  checkListMasterId: number,
  periodId?: number,
) =>
  queryOptions({
    queryKey: statusKeys.detail(organizationId, facilityId, checkListMasterId, periodId),
    retry: retryUnlessRefused,
    queryFn: () => statusApi.detail(facilityId, checkListMasterId, periodId),
    // The page stays while another period loads.
    placeholderData: keepPreviousData,
  });

export const statusCheckListsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: statusKeys.checkLists(organizationId),
    retry: retryUnlessRefused,
    queryFn: statusApi.checkLists,
    staleTime: 60_000,
  });
