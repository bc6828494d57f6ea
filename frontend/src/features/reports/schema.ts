import { z } from 'zod';
import type { Dayjs } from 'dayjs';
import { dayjs } from '@/lib/time/dayjs';
import { REPORT_TYPES } from './search';
import type { ReportInput } from './types';

export * from './search';

/** The request form; the rules and their messages are the server's (they come back under the fields). */
export const reportFormSchema = z.object({
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
