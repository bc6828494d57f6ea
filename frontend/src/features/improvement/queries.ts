import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { improvementApi, type ImprovementListQuery } from './api';

/** Query keys: everything of improvement reports in one organization sits under `all(org)`. */
export const improvementKeys = {
  all: (organizationId: number) => ['improvement', organizationId] as const,
  list: (organizationId: number, query: ImprovementListQuery) => [...improvementKeys.all(organizationId), 'list', query] as const,
  waiting: (organizationId: number) => [...improvementKeys.all(organizationId), 'waiting'] as const,
  detail: (organizationId: number, improvementId: number) => [...improvementKeys.all(organizationId), 'report', improvementId] as const,
  assignees: (organizationId: number, improvementId: number, searchText: string | undefined) =>
    [...improvementKeys.detail(organizationId, improvementId), 'assignees', searchText ?? ''] as const,
};

/** Who may be given the report, matched by what was typed (head office's picker). */
export const improvementAssigneesQuery = (organizationId: number, improvementId: number, searchText: string | undefined) =>
  queryOptions({
    queryKey: improvementKeys.assignees(organizationId, improvementId, searchText),
    retry: retryUnlessRefused,
    queryFn: () => improvementApi.assignees(improvementId, searchText),
    placeholderData: keepPreviousData,
  });

export const improvementListQuery = (organizationId: number, query: ImprovementListQuery) =>
  queryOptions({
    queryKey: improvementKeys.list(organizationId, query),
    retry: retryUnlessRefused,
    queryFn: () => improvementApi.list(query),
    placeholderData: keepPreviousData,
  });

/** How many reports wait for my side: the menu's badge, refreshed every minute. */
export const improvementWaitingQuery = (organizationId: number) =>
  queryOptions({
    queryKey: improvementKeys.waiting(organizationId),
    retry: false,
    queryFn: improvementApi.waiting,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const improvementDetailQuery = (organizationId: number, improvementId: number) =>
  queryOptions({
    queryKey: improvementKeys.detail(organizationId, improvementId),
    retry: retryUnlessRefused,
    queryFn: () => improvementApi.detail(improvementId),
  });

/** The menu's badge: reports waiting for my side, 0 while unknown or when the menu has no entry. */
export function useImprovementWaiting(visible: boolean, organizationId: number | null): number {
  const { data } = useQuery({ ...improvementWaitingQuery(organizationId ?? 0), enabled: visible && organizationId !== null });
  return visible ? (data ?? 0) : 0;
}
