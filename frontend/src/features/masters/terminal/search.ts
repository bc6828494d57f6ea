// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (lib/routing/searchSchema.ts says why it is not zod).
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { idParam, PAGED_LIST_DEFAULTS, pagedListSearch } from '@/shared/list/listSearch';

/** The search state of /terminal/ (URL query). */
export const terminalSearchSchema = searchSchema({ ...pagedListSearch, facilityId: idParam });
export type TerminalSearch = SearchOutput<typeof terminalSearchSchema>;
export const TERMINAL_SEARCH_DEFAULTS = PAGED_LIST_DEFAULTS satisfies Partial<TerminalSearch>;
