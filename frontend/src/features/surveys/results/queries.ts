import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import {
  surveyResultApi,
  type SurveyCommentQuery,
  type SurveyResultFilter,
  type SurveyResultListQuery,
  type TrendInterval,
} from './api';

/** Query keys: everything of survey results in one organization sits under `surveyResultKeys.all(org)`. */
export const surveyResultKeys = {
  all: (organizationId: number) => ['surveys', organizationId, 'results'] as const,
  list: (organizationId: number, query: SurveyResultListQuery) =>
    [...surveyResultKeys.all(organizationId), 'list', query] as const,
  surveys: (organizationId: number) => [...surveyResultKeys.all(organizationId), 'surveys'] as const,
  detail: (organizationId: number, surveyId: number, filter: SurveyResultFilter, interval: TrendInterval) =>
    [...surveyResultKeys.all(organizationId), 'detail', surveyId, filter, interval] as const,
  comments: (organizationId: number, surveyId: number, query: SurveyCommentQuery) =>
    [...surveyResultKeys.all(organizationId), 'comments', surveyId, query] as const,
};

export const surveyResultListQuery = (organizationId: number, query: SurveyResultListQuery) =>
  queryOptions({
    queryKey: surveyResultKeys.list(organizationId, query),
    retry: retryUnlessRefused,
    queryFn: () => surveyResultApi.list(query),
    // The rows of the previous page stay while the next one loads.
    placeholderData: keepPreviousData,
  });

export const surveyNamesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: surveyResultKeys.surveys(organizationId),
    retry: retryUnlessRefused,
    queryFn: surveyResultApi.surveys,
    staleTime: 60_000,
  });

export const surveyResultDetailQuery = (
  organizationId: number,
  surveyId: number,
  filter: SurveyResultFilter,
  interval: TrendInterval,
) =>
  queryOptions({
    queryKey: surveyResultKeys.detail(organizationId, surveyId, filter, interval),
    retry: retryUnlessRefused,
    queryFn: () => surveyResultApi.detail(surveyId, filter, interval),
    // The charts stay while other filters load.
    placeholderData: keepPreviousData,
  });

export const surveyCommentsQuery = (organizationId: number, surveyId: number, query: SurveyCommentQuery) =>
  queryOptions({
    queryKey: surveyResultKeys.comments(organizationId, surveyId, query),
    retry: retryUnlessRefused,
    queryFn: () => surveyResultApi.comments(surveyId, query),
    placeholderData: keepPreviousData,
  });
