// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (shared/list/listSearch.ts says why it is zod/mini).
import * as z from 'zod/mini';
import { flagParam, pagedListSearch } from '@/shared/list/listSearch';

/** The search state of /organization/ (URL query): text, ended services too, paging. */
export const organizationSearchSchema = z.object({
  ...pagedListSearch,
  showServiceEnd: flagParam(false),
});
export type OrganizationSearch = z.output<typeof organizationSearchSchema>;

export const ORGANIZATION_SEARCH_DEFAULTS = {
  searchText: '',
  page: 1,
  showServiceEnd: false,
} as const satisfies Partial<OrganizationSearch>;
