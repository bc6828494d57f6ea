import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { RECORD_GC_TIME } from '@/shared/editor/records';
import { groupApi, type GroupListQuery } from './api';

export const groupKeys = {
  all: (organizationId: number) => ['masters', organizationId, 'group'] as const,
  list: (organizationId: number, query: GroupListQuery) => [...groupKeys.all(organizationId), 'list', query] as const,
  detail: (organizationId: number, groupId: number) => [...groupKeys.all(organizationId), 'detail', groupId] as const,
};

export const groupListQuery = (organizationId: number, query: GroupListQuery) =>
  queryOptions({
    queryKey: groupKeys.list(organizationId, query),
    retry: retryUnlessRefused,
    queryFn: () => groupApi.list(query),
    placeholderData: keepPreviousData,
  });

/** One group for its edit form: fresh per visit, never refreshed behind the form (see facility). */
export const groupDetailQuery = (organizationId: number, groupId: number) =>
  queryOptions({
    queryKey: groupKeys.detail(organizationId, groupId),
    retry: retryUnlessRefused,
    queryFn: () => groupApi.get(groupId),
    staleTime: Infinity,
    gcTime: RECORD_GC_TIME,
    refetchOnWindowFocus: false,
  });
