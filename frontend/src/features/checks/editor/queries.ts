import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { RECORD_GC_TIME } from '@/shared/editor/records';
import { checkListApi, type CheckListListQuery } from './api';

/** Query keys: everything of check-list masters in one organization sits under `all(org)`. */
export const checkListKeys = {
  all: (organizationId: number) => ['checks', organizationId, 'checkListMaster'] as const,
  list: (organizationId: number, query: CheckListListQuery) => [...checkListKeys.all(organizationId), 'list', query] as const,
  detail: (organizationId: number, id: number) => [...checkListKeys.all(organizationId), 'detail', id] as const,
  defaults: (organizationId: number) => [...checkListKeys.all(organizationId), 'defaults'] as const,
  facilities: (organizationId: number) => ['checks', organizationId, 'targetFacilities'] as const,
  users: (organizationId: number, text: string) => ['checks', organizationId, 'targetUsers', text] as const,
  user: (organizationId: number, userId: number) => ['checks', organizationId, 'targetUser', userId] as const,
};

export const checkListListQuery = (organizationId: number, query: CheckListListQuery) =>
  queryOptions({
    queryKey: checkListKeys.list(organizationId, query),
    retry: retryUnlessRefused,
    queryFn: () => checkListApi.list(query),
    placeholderData: keepPreviousData,
  });

/**
 * One check list for the editor: read fresh on every visit and never refreshed behind the form's
 * back (the form keeps the version it read; a reload is the user's choice after a 409).
 */
export const checkListDetailQuery = (organizationId: number, id: number) =>
  queryOptions({
    queryKey: checkListKeys.detail(organizationId, id),
    retry: retryUnlessRefused,
    queryFn: () => checkListApi.get(id),
    staleTime: Infinity,
    gcTime: RECORD_GC_TIME,
    refetchOnWindowFocus: false,
  });

/** A new check list as the server proposes it (this month in Tokyo, every 1 month). */
export const checkListDefaultsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: checkListKeys.defaults(organizationId),
    retry: retryUnlessRefused,
    queryFn: checkListApi.defaults,
    staleTime: Infinity,
    gcTime: RECORD_GC_TIME,
    refetchOnWindowFocus: false,
  });

/** Every store, for the target picker; kept a minute (stores change rarely while editing). */
export const targetFacilitiesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: checkListKeys.facilities(organizationId),
    retry: retryUnlessRefused,
    queryFn: checkListApi.allFacilities,
    staleTime: 60_000,
  });

export const USER_PICKER_SIZE = 20;

export const targetUserSearchQuery = (organizationId: number, text: string) =>
  queryOptions({
    queryKey: checkListKeys.users(organizationId, text),
    retry: retryUnlessRefused,
    queryFn: () => checkListApi.searchUsers(text === '' ? undefined : text, USER_PICKER_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const targetUserQuery = (organizationId: number, userId: number) =>
  queryOptions({
    queryKey: checkListKeys.user(organizationId, userId),
    retry: retryUnlessRefused,
    queryFn: () => checkListApi.getUser(userId),
    staleTime: 60_000,
  });
