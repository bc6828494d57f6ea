import { api } from '@/lib/api/client';
import { fetchData } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import type { SurveyCommentPage, SurveyName, SurveyResultDetail, SurveyResultPage } from './types';

// The survey result calls (backend/api/openapi.yaml, tag survey_result). Reads only: they throw an
// ApiError for the query cache.

export interface SurveyResultListQuery {
  surveyId?: number | undefined;
  facilityName?: string | undefined;
  groupId?: number | undefined;
  facilityAttributeId?: number | undefined;
  includeOutOfPeriod: boolean;
  page: number;
  size: number;
}

/** The filters of one survey's results and its comments. */
export interface SurveyResultFilter {
  facilityId?: number | undefined;
  groupId?: number | undefined;
  facilityAttributeId?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

export type TrendInterval = 'WEEK' | 'MONTH';

export interface SurveyCommentQuery extends SurveyResultFilter {
  searchText?: string | undefined;
  page: number;
  size: number;
}

export const surveyResultApi = {
  list: (query: SurveyResultListQuery): Promise<SurveyResultPage> =>
    fetchData(() => api.GET('/api/survey_result', { params: { query: definedQuery(query) } })),
  surveys: (): Promise<SurveyName[]> => fetchData(() => api.GET('/api/survey_result/surveys')),
  detail: (surveyId: number, filter: SurveyResultFilter, interval: TrendInterval): Promise<SurveyResultDetail> =>
    fetchData(() =>
      api.GET('/api/survey_result/{surveyId}', {
        params: { path: { surveyId }, query: definedQuery({ ...filter, interval }) },
      }),
    ),
  comments: (surveyId: number, query: SurveyCommentQuery): Promise<SurveyCommentPage> =>
    fetchData(() =>
      api.GET('/api/survey_result/{surveyId}/comments', {
        params: { path: { surveyId }, query: definedQuery(query) },
      }),
    ),
};
