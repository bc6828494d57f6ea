import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { RECORD_GC_TIME } from '@/shared/editor/records';
import { surveyApi, type SurveyListQuery } from './api';

/** Query keys: everything of the survey editor in one organization sits under `all(org)`. */
export const surveyKeys = {
  all: (organizationId: number) => ['surveys', organizationId, 'survey'] as const,
  list: (organizationId: number, query: SurveyListQuery) => [...surveyKeys.all(organizationId), 'list', query] as const,
  detail: (organizationId: number, id: number) => [...surveyKeys.all(organizationId), 'detail', id] as const,
  links: (organizationId: number, id: number) => [...surveyKeys.all(organizationId), 'links', id] as const,
  defaults: (organizationId: number) => [...surveyKeys.all(organizationId), 'defaults'] as const,
};

export const surveyListQuery = (organizationId: number, query: SurveyListQuery) =>
  queryOptions({
    queryKey: surveyKeys.list(organizationId, query),
    retry: retryUnlessRefused,
    queryFn: () => surveyApi.list(query),
    placeholderData: keepPreviousData,
  });

/** One survey for the editor: read fresh on every visit, never refreshed behind the form's back. */
export const surveyDetailQuery = (organizationId: number, id: number) =>
  queryOptions({
    queryKey: surveyKeys.detail(organizationId, id),
    retry: retryUnlessRefused,
    queryFn: () => surveyApi.get(id),
    staleTime: Infinity,
    gcTime: RECORD_GC_TIME,
    refetchOnWindowFocus: false,
  });

/** A new survey as the server proposes it (from the first day of next month, the three default categories). */
export const surveyDefaultsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: surveyKeys.defaults(organizationId),
    retry: retryUnlessRefused,
    queryFn: surveyApi.defaults,
    staleTime: Infinity,
    gcTime: RECORD_GC_TIME,
    refetchOnWindowFocus: false,
  });

/** The saved stores' answer links. */
export const surveyLinksQuery = (organizationId: number, id: number) =>
  queryOptions({
    queryKey: surveyKeys.links(organizationId, id),
    retry: retryUnlessRefused,
    queryFn: () => surveyApi.links(id),
  });
