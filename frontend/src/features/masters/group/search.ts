// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (lib/routing/searchSchema.ts says why it is not zod).
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { idParam, PAGED_LIST_DEFAULTS, pagedListSearch } from '@/shared/list/listSearch';

/** The search state of /group/ (URL query). */
export const groupSearchSchema = searchSchema(pagedListSearch);
export type GroupSearch = SearchOutput<typeof groupSearchSchema>;
/** /group/add?parentGroupId=4: the parent chosen beforehand. */
export const groupAddSearchSchema = searchSchema({ parentGroupId: idParam });

export const GROUP_SEARCH_DEFAULTS = PAGED_LIST_DEFAULTS satisfies Partial<GroupSearch>;
