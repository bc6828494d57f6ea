import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { RECORD_GC_TIME } from '@/shared/editor/records';
import { userApi, type UserListQuery } from './api';

/** Query keys: everything of users in one organization sits under `userKeys.all(org)`. */
export const userKeys = {
  all: (organizationId: number) => ['masters', organizationId, 'user'] as const,
  list: (organizationId: number, query: UserListQuery) => [...userKeys.all(organizationId), 'list', query] as const,
  detail: (organizationId: number, userId: number) => [...userKeys.all(organizationId), 'detail', userId] as const,
  attributes: (organizationId: number) => [...userKeys.all(organizationId), 'attributes'] as const,
};

export const userListQuery = (organizationId: number, query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(organizationId, query),
    retry: retryUnlessRefused,
    queryFn: () => userApi.list(query),
    // The rows of the previous page stay while the next one loads.
    placeholderData: keepPreviousData,
  });

/**
 * One user for its edit form. Read fresh on every visit and never refreshed behind the form's
 * back: the form keeps the version it read, and a reload is the user's choice (after a 409).
 */
export const userDetailQuery = (organizationId: number, userId: number) =>
  queryOptions({
    queryKey: userKeys.detail(organizationId, userId),
    retry: retryUnlessRefused,
    queryFn: () => userApi.get(userId),
    staleTime: Infinity,
    gcTime: RECORD_GC_TIME,
    refetchOnWindowFocus: false,
  });

export const userAttributesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: userKeys.attributes(organizationId),
    retry: retryUnlessRefused,
    queryFn: userApi.listAttributes,
  });
