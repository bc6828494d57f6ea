// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (shared/list/listSearch.ts says why it is zod/mini).
import * as z from 'zod/mini';
import { descendingParam, idParam, pagedListSearch, sortParam } from '@/shared/list/listSearch';

/** Sort keys of the user list (the server's `sortBy`); the server's default is the account. */
export const USER_SORT_KEYS = ['userAccount', 'name', 'groupName'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/**
 * An authority name filter. docs/product/shell.md keeps `authorityName` as text in the URL (the app's
 * parseSearch hands it over as the string it is).
 */
const authorityNameParam = z.catch(z.optional(z.string().check(z.regex(/^[A-Z_]{1,50}$/))), undefined);

/** The search state of /user/ (URL query). */
export const userSearchSchema = z.object({
  ...pagedListSearch,
  authorityName: authorityNameParam,
  groupId: idParam,
  attributeId: idParam,
  sortBy: sortParam(USER_SORT_KEYS, 'userAccount'),
  descending: descendingParam,
});
export type UserSearch = z.output<typeof userSearchSchema>;

export const USER_SEARCH_DEFAULTS = {
  searchText: '',
  page: 1,
  sortBy: 'userAccount',
  descending: false,
} as const satisfies Partial<UserSearch>;
