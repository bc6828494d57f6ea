// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (lib/routing/searchSchema.ts says why it is not zod).
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { PAGED_LIST_DEFAULTS, pagedListSearch } from '@/shared/list/listSearch';

/** The search state of /check_list_master/ (URL query): text and paging. */
export const checkListSearchSchema = searchSchema({ ...pagedListSearch });
export type CheckListSearch = SearchOutput<typeof checkListSearchSchema>;
export const CHECK_LIST_SEARCH_DEFAULTS = PAGED_LIST_DEFAULTS satisfies Partial<CheckListSearch>;
