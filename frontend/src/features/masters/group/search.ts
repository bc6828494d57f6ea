// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (shared/list/listSearch.ts says why it is zod/mini).
import * as z from 'zod/mini';
import { idParam, pagedListSearch } from '@/shared/list/listSearch';

/** The search state of /group/ (URL query). */
export const groupSearchSchema = z.object(pagedListSearch);
export type GroupSearch = z.output<typeof groupSearchSchema>;
/** /group/add?parentGroupId=4: the parent chosen beforehand. */
export const groupAddSearchSchema = z.object({ parentGroupId: idParam });

export const GROUP_SEARCH_DEFAULTS = { searchText: '', page: 1 } as const satisfies Partial<GroupSearch>;
