import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { dateParam, flagParam, idParam, pageParam, searchTextParam, sizeParam, sortParam } from '@/shared/list/listSearch';

/**
 * The search state of /survey_result/ (URL query). docs/product/shell.md defaults: surveyId none,
 * facilityName empty, groupId none, facilityAttributeId none, includeOutOfPeriod true. Every
 * parameter falls back on its own, so an outdated or hand-edited link still opens the list.
 */
export const surveyResultSearchSchema = searchSchema({
  surveyId: idParam,
  facilityName: searchTextParam,
  groupId: idParam,
  facilityAttributeId: idParam,
  includeOutOfPeriod: flagParam(true),
  page: pageParam,
  size: sizeParam,
});
export type SurveyResultSearch = SearchOutput<typeof surveyResultSearchSchema>;

/** What the URL leaves out (docs/product/shell.md). */
export const SURVEY_RESULT_LIST_DEFAULTS = {
  facilityName: '',
  includeOutOfPeriod: true,
  page: 1,
} as const satisfies Partial<SurveyResultSearch>;

/**
 * The filters of /survey_result/{surveyId} (URL query): period, group, store tag, one store (a row
 * of the list opens its store's results) and the trend's interval.
 */
export const surveyResultDetailSearchSchema = searchSchema({
  facilityId: idParam,
  groupId: idParam,
  facilityAttributeId: idParam,
  fromDate: dateParam,
  toDate: dateParam,
  interval: sortParam(['WEEK', 'MONTH'], 'WEEK'),
});
export type SurveyResultDetailSearch = SearchOutput<typeof surveyResultDetailSearchSchema>;

export const SURVEY_RESULT_DETAIL_DEFAULTS = { interval: 'WEEK' } as const satisfies Partial<SurveyResultDetailSearch>;
