// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (shared/list/listSearch.ts says why it is zod/mini).
import * as z from 'zod/mini';
import { idParam, pagedListSearch } from '@/shared/list/listSearch';

/** The search state of /terminal/ (URL query). */
export const terminalSearchSchema = z.object({ ...pagedListSearch, facilityId: idParam });
export type TerminalSearch = z.output<typeof terminalSearchSchema>;
export const TERMINAL_SEARCH_DEFAULTS = { searchText: '', page: 1 } as const satisfies Partial<TerminalSearch>;
