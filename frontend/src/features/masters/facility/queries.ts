import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { RECORD_GC_TIME } from '@/shared/editor/records';
import { facilityApi, type FacilityListQuery } from './api';

/** Query keys: everything of stores in one organization sits under `facilityKeys.all(org)`. */
export const facilityKeys = {
  all: (organizationId: number) => ['masters', organizationId, 'facility'] as const,
  list: (organizationId: number, query: FacilityListQuery) => [...facilityKeys.all(organizationId), 'list', query] as const,
  detail: (organizationId: number, facilityId: number) =>
    [...facilityKeys.all(organizationId), 'detail', facilityId] as const,
  attributes: (organizationId: number) => [...facilityKeys.all(organizationId), 'attributes'] as const,
  name: (organizationId: number, facilityId: number) => [...facilityKeys.all(organizationId), 'name', facilityId] as const,
};

export const facilityListQuery = (organizationId: number, query: FacilityListQuery) =>
  queryOptions({
    queryKey: facilityKeys.list(organizationId, query),
    retry: retryUnlessRefused,
    queryFn: () => facilityApi.list(query),
    // The rows of the previous page stay while the next one loads.
    placeholderData: keepPreviousData,
  });

/**
 * One store for its edit form. Read fresh on every visit and never refreshed behind the form's
 * back: the form keeps the version it read, and a reload is the user's choice (after a 409).
 */
export const facilityDetailQuery = (organizationId: number, facilityId: number) =>
  queryOptions({
    queryKey: facilityKeys.detail(organizationId, facilityId),
    retry: retryUnlessRefused,
    queryFn: () => facilityApi.get(facilityId),
    staleTime: Infinity,
    gcTime: RECORD_GC_TIME,
    refetchOnWindowFocus: false,
  });

export const facilityAttributesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: facilityKeys.attributes(organizationId),
    retry: retryUnlessRefused,
    queryFn: facilityApi.listAttributes,
  });

/** A store's name by id (a picker showing the store chosen in the URL). */
export const facilityNameQuery = (organizationId: number, facilityId: number) =>
  queryOptions({
    queryKey: facilityKeys.name(organizationId, facilityId),
    retry: retryUnlessRefused,
    queryFn: async () => (await facilityApi.get(facilityId)).facilityName,
    staleTime: 60_000,
  });
