import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import { DELETED, SAVED } from '@/features/masters/common/messages';
import type { Page } from '@/shared/list/types';
import type { Survey, SurveyInput, SurveyLink, SurveySummary } from './types';

// The survey editor's calls (openapi.yaml, tag survey). Reads throw an ApiError for the query
// cache; saves answer an outcome whose toast the screen shows.

export interface SurveyListQuery {
  searchText?: string | undefined;
  page: number;
  size: number;
}

/** The QR code of a store's link: a PNG download served by the API (same origin, session cookie). */
export function qrUrl(surveyId: number, facilityId: number, organizationId: number): string {
  return `/api/survey/${String(surveyId)}/links/${String(facilityId)}/qr?ORG_ID=${String(organizationId)}`;
}

export const surveyApi = {
  list: (query: SurveyListQuery): Promise<Page<SurveySummary>> =>
    fetchData(() => api.GET('/api/survey', { params: { query: definedQuery(query) } })),
  defaults: (): Promise<Survey> => fetchData(() => api.GET('/api/survey/defaults')),
  get: (surveyId: number): Promise<Survey> =>
    fetchData(() => api.GET('/api/survey/{surveyId}', { params: { path: { surveyId } } })),
  links: (surveyId: number): Promise<SurveyLink[]> =>
    fetchData(() => api.GET('/api/survey/{surveyId}/links', { params: { path: { surveyId } } })),
  create: (body: SurveyInput) => send(() => api.POST('/api/survey', { body }), { successText: SAVED }),
  update: (surveyId: number, body: SurveyInput & { version: number }) =>
    send(() => api.PUT('/api/survey/{surveyId}', { params: { path: { surveyId } }, body }), { successText: SAVED }),
  remove: (surveyId: number) =>
    send(() => api.DELETE('/api/survey/{surveyId}', { params: { path: { surveyId } } }), { successText: DELETED }),
};
