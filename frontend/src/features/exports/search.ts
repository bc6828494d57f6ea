// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (lib/routing/searchSchema.ts says why it is not zod).
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
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
export const historyFileSearchSchema = searchSchema({
  createDateFrom: dateParam,
  createDateTo: dateParam,
  historyType: optionalEnumParam(HISTORY_TYPES),
  page: pageParam,
  size: sizeParam,
});
export type HistoryFileSearch = SearchOutput<typeof historyFileSearchSchema>;
export const HISTORY_FILE_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<HistoryFileSearch>;
