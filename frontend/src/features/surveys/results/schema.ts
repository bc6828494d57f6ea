import { z } from 'zod';
import { idParam, pageParam, searchTextParam, sizeParam } from '@/shared/list/listSearch';

/**
 * The search state of /survey_result/ (URL query). docs/product/shell.md defaults: surveyId none,
 * facilityName empty, groupId none, facilityAttributeId none, includeOutOfPeriod true. Every
 * parameter falls back on its own, so an outdated or hand-edited link still opens the list.
 */
export const surveyResultSearchSchema = z.object({
  surveyId: idParam,
  facilityName: searchTextParam,
  groupId: idParam,
  facilityAttributeId: idParam,
  includeOutOfPeriod: z.boolean().default(true).catch(true),
  page: pageParam,
  size: sizeParam,
});
export type SurveyResultSearch = z.output<typeof surveyResultSearchSchema>;

/** What the URL leaves out (docs/product/shell.md). */
export const SURVEY_RESULT_LIST_DEFAULTS = {
  facilityName: '',
  includeOutOfPeriod: true,
  page: 1,
} as const satisfies Partial<SurveyResultSearch>;

/** A Tokyo business date as the URL and the API carry it (YYYY-MM-DD). */
const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** The filters of /survey_result/{surveyId} (URL query): period, group, store tag and the trend's interval. */
export const surveyResultDetailSearchSchema = z.object({
  groupId: idParam,
  facilityAttributeId: idParam,
  fromDate: dateParam,
  toDate: dateParam,
  interval: z.enum(['WEEK', 'MONTH']).default('WEEK').catch('WEEK'),
});
export type SurveyResultDetailSearch = z.output<typeof surveyResultDetailSearchSchema>;

export const SURVEY_RESULT_DETAIL_DEFAULTS = { interval: 'WEEK' } as const satisfies Partial<SurveyResultDetailSearch>;
