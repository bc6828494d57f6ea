import { z } from 'zod';
import type { Dayjs } from 'dayjs';
import { dayjs } from '@/lib/time/dayjs';
import { REPORT_TYPES } from './search';
import type { ReportInput } from './types';

export * from './search';

/**
 * The server's words for what a request lacks (`report.Request.Validate` in
 * backend/internal/domain/report/request.go; docs/product/reports.md#the-request).
 */
export const REPORT_MESSAGES = {
  checkList: 'チェックリストを選択してください。',
  survey: 'アンケートを選択してください。',
  period: '期間を入力してください。',
  stores: '店舗を選択してください。',
} as const;

/**
 * The request form. What is left empty is caught here, before sending, with the server's messages;
 * the rest (a period over a year, stores gone meanwhile) is the server's, whose messages come back
 * under the same fields.
 */
export const reportFormSchema = z
  .object({
    reportType: z.enum(REPORT_TYPES),
    checkListMasterId: z.number().nullable().optional(),
    surveyId: z.number().nullable().optional(),
    period: z.array(z.custom<Dayjs | null>()).nullable(),
    facilityIdList: z.array(z.number()),
    includeRank: z.boolean(),
    includeCriteria: z.boolean(),
    includeUnselectedFacility: z.boolean(),
    photoCompareReportType: z.enum(['BAD_SCORED_WITH_PHOTO', 'NONE', 'ALL_BAD_SCORED', 'ALL_WITH_PHOTO']),
    groupingType: z.enum(['GROUP', 'FACILITY_ATTRIBUTE']),
  })
  .superRefine((values, ctx) => {
    const missing = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', message, path: [path] });
    };
    if ((values.reportType === 'BASIC' || values.reportType === 'ADVANCED') && values.checkListMasterId == null) {
      missing('checkListMasterId', REPORT_MESSAGES.checkList);
    }
    if (values.reportType === 'SURVEY' && values.surveyId == null) missing('surveyId', REPORT_MESSAGES.survey);
    const [from, to] = values.period ?? [];
    if (!from || !to) missing('period', REPORT_MESSAGES.period);
    if (values.facilityIdList.length === 0) missing('facilityIdList', REPORT_MESSAGES.stores);
  });
export type ReportFormValues = z.input<typeof reportFormSchema>;

/** The form as it opens: a basic report of this month (Tokyo), photos of the bad items. */
export function reportFormDefaults(): ReportFormValues {
  const today = dayjs().tz();
  return {
    reportType: 'BASIC',
    checkListMasterId: null,
    surveyId: null,
    period: [today.startOf('month'), today.endOf('month')],
    facilityIdList: [],
    includeRank: true,
    includeCriteria: false,
    includeUnselectedFacility: false,
    photoCompareReportType: 'BAD_SCORED_WITH_PHOTO',
    groupingType: 'GROUP',
  };
}

/** The request body. A missing period end is left out: the server names it. */
export function reportBody(values: z.output<typeof reportFormSchema>): ReportInput {
  const [from, to] = values.period ?? [];
  const body: ReportInput = {
    reportType: values.reportType,
    facilityIdList: values.facilityIdList,
    includeRank: values.includeRank,
    includeCriteria: values.includeCriteria,
    includeUnselectedFacility: values.includeUnselectedFacility,
    photoCompareReportType: values.photoCompareReportType,
    groupingType: values.groupingType,
  };
  if (values.reportType === 'SURVEY') {
    if (values.surveyId != null) body.surveyId = values.surveyId;
  } else if (values.reportType !== 'IMPROVEMENT' && values.checkListMasterId != null) {
    body.checkListMasterId = values.checkListMasterId;
  }
  if (from) body.fromDate = from.format('YYYY-MM-DD');
  if (to) body.toDate = to.format('YYYY-MM-DD');
  return body;
}
