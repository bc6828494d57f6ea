// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (shared/list/listSearch.ts says why it is zod/mini).
import * as z from 'zod/mini';
import type { HistoryType } from './types';
import { dateParam, optionalEnumParam, pageParam, sizeParam } from '@/shared/list/listSearch';

/** docs/product/exports.md: the history types in the screen's order, with their names. */
export const HISTORY_TYPES = ['CHECK_RESULT', 'SURVEY_ANSWER', 'OPERATION'] as const satisfies readonly HistoryType[];
export const HISTORY_TYPE_LABELS: Record<HistoryType, string> = {
  CHECK_RESULT: 'チェック結果',
  SURVEY_ANSWER: 'アンケート回答',
  OPERATION: '操作履歴',
};

/** The search state of /history_export/file/ (SPEC's filters, kept as text in the URL). */
export const historyFileSearchSchema = z.object({
  createDateFrom: dateParam,
  createDateTo: dateParam,
  historyType: optionalEnumParam(HISTORY_TYPES),
  page: pageParam,
  size: sizeParam,
});
export type HistoryFileSearch = z.output<typeof historyFileSearchSchema>;
export const HISTORY_FILE_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<HistoryFileSearch>;
