// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (shared/list/listSearch.ts says why it is zod/mini).
import * as z from 'zod/mini';
import { pagedListSearch } from '@/shared/list/listSearch';

/** The search state of /check_list_master/ (URL query): text and paging. */
export const checkListSearchSchema = z.object({ ...pagedListSearch });
export type CheckListSearch = z.output<typeof checkListSearchSchema>;
export const CHECK_LIST_SEARCH_DEFAULTS = { searchText: '', page: 1 } as const satisfies Partial<CheckListSearch>;
