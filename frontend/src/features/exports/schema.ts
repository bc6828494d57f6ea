import { z } from 'zod';
import type { Dayjs } from 'dayjs';
import { dayjs } from '@/lib/time/dayjs';
import { HISTORY_TYPES } from './search';
import type { HistoryExportInput } from './types';

export * from './search';

/**
 * The request form. The rules (a period, a survey for survey answers, at most a year) are the
 * server's: its messages come back under the fields, so they are written in one place.
 */
export const exportFormSchema = z.object({
  historyType: z.enum(HISTORY_TYPES),
  period: z.array(z.custom<Dayjs | null>()).nullable(),
  historyFileType: z.enum(['XLSX', 'CSV']),
  encoding: z.enum(['UTF8', 'SHIFT_JIS']),
  groupId: z.number().nullable().optional(),
  facilityAttributeId: z.number().nullable().optional(),
  checkListMasterId: z.number().nullable().optional(),
  surveyId: z.number().nullable().optional(),
  includePhoto: z.boolean(),
  onlyLatestHistory: z.boolean(),
  includeMailAddress: z.boolean(),
});
export type ExportFormValues = z.input<typeof exportFormSchema>;

/** The form as it opens: check results of this month (Tokyo) as XLSX. */
export function exportFormDefaults(): ExportFormValues {
  const today = dayjs().tz();
  return {
    historyType: 'CHECK_RESULT',
    period: [today.startOf('month'), today.endOf('month')],
    historyFileType: 'XLSX',
    encoding: 'UTF8',
    groupId: null,
    facilityAttributeId: null,
    checkListMasterId: null,
    surveyId: null,
    includePhoto: false,
    onlyLatestHistory: false,
    includeMailAddress: false,
  };
}

/** The request body: only what applies to the chosen type is sent. */
export function exportBody(values: z.output<typeof exportFormSchema>): HistoryExportInput {
  const [from, to] = values.period ?? [];
  const type = values.historyType;
  const id = (v: number | null | undefined) => v ?? undefined;
  const body: HistoryExportInput = {
    historyType: type,
    historyFileType: values.historyFileType,
    encoding: values.encoding,
    includePhoto: type === 'CHECK_RESULT' && values.includePhoto,
    onlyLatestHistory: type === 'CHECK_RESULT' && values.onlyLatestHistory,
    includeMailAddress: type === 'SURVEY_ANSWER' && values.includeMailAddress,
  };
  // A missing end is left out: the server names it ("期間を入力してください。").
  if (from) body.historyDateFrom = from.format('YYYY-MM-DD');
  if (to) body.historyDateTo = to.format('YYYY-MM-DD');
  if (type !== 'OPERATION') {
    const groupId = id(values.groupId);
    const tagId = id(values.facilityAttributeId);
    if (groupId !== undefined) body.groupId = groupId;
    if (tagId !== undefined) body.facilityAttributeId = tagId;
  }
  if (type === 'CHECK_RESULT') {
    const listId = id(values.checkListMasterId);
    if (listId !== undefined) body.checkListMasterId = listId;
  }
  if (type === 'SURVEY_ANSWER') {
    const surveyId = id(values.surveyId);
    if (surveyId !== undefined) body.surveyId = surveyId;
  }
  return body;
}
