// The screen's search state (URL query), apart from the date handling so that the route, in the
// entry chunk, loads no dayjs (lib/routing/searchSchema.ts).
import { optionalTextParam, pageParam } from '@/shared/list/listSearch';
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';

/** Kept as the text the URL holds (digits only included); the screen reads it as a date. */
const date = optionalTextParam;

/**
 * The search state of /system/check_history/: the period as text (docs/product/shell.md keeps
 * historyDateFrom and historyDateTo as text); a malformed value is dropped, and an absent one is
 * the current month in Tokyo; a value that is no date reads as absent. The page of days is there
 * too, so reload and Back return to it (page 1 is left out of the URL).
 */
export const checkHistorySearchSchema = searchSchema({ historyDateFrom: date, historyDateTo: date, page: pageParam });
export type CheckHistorySearch = SearchOutput<typeof checkHistorySearchSchema>;
export const CHECK_HISTORY_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<CheckHistorySearch>;
