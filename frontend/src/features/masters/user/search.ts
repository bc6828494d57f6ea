// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (lib/routing/searchSchema.ts says why it is not zod).
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { idParam, listSort, PAGED_LIST_DEFAULTS, pagedListSearch, patternParam } from '@/shared/list/listSearch';

/** Sort keys of the user list (the server's `sortBy`); the server's default is the account. */
export const USER_SORT_KEYS = ['userAccount', 'name', 'groupName'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/**
 * An authority name filter. docs/product/shell.md keeps `authorityName` as text in the URL (the app's
 * parseSearch hands it over as the string it is).
 */
const authorityNameParam = patternParam(/^[A-Z_]{1,50}$/);

const sort = listSort(USER_SORT_KEYS, 'userAccount');

/** The search state of /user/ (URL query). */
export const userSearchSchema = searchSchema({
  ...pagedListSearch,
  authorityName: authorityNameParam,
  groupId: idParam,
  attributeId: idParam,
  ...sort.params,
});
export type UserSearch = SearchOutput<typeof userSearchSchema>;

export const USER_SEARCH_DEFAULTS = { ...PAGED_LIST_DEFAULTS, ...sort.defaults } as const satisfies Partial<UserSearch>;
