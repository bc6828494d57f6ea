import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { RECORD_GC_TIME } from '@/shared/editor/records';
import { organizationApi, type OrganizationListQuery } from './api';

/**
 * Query keys. Organizations are not data of the organization acted in (a system administrator
 * sees all of them), so they sit under one key of their own.
 */
export const organizationKeys = {
  all: ['masters', 'organizations'] as const,
  list: (query: OrganizationListQuery) => [...organizationKeys.all, 'list', query] as const,
  detail: (organizationId: number) => [...organizationKeys.all, 'detail', organizationId] as const,
};

export const organizationListQuery = (query: OrganizationListQuery) =>
  queryOptions({
    queryKey: organizationKeys.list(query),
    retry: retryUnlessRefused,
    queryFn: () => organizationApi.list(query),
    placeholderData: keepPreviousData,
  });

/**
 * One organization for its form: read fresh on every visit and never refreshed behind the form's
 * back (the form keeps the version it read; a reload is the user's choice after a 409).
 */
export const organizationDetailQuery = (organizationId: number) =>
  queryOptions({
    queryKey: organizationKeys.detail(organizationId),
    retry: retryUnlessRefused,
    queryFn: () => organizationApi.get(organizationId),
    staleTime: Infinity,
    gcTime: RECORD_GC_TIME,
    refetchOnWindowFocus: false,
  });
