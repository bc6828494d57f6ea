// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (lib/routing/searchSchema.ts says why it is not zod).
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { flagParam, PAGED_LIST_DEFAULTS, pagedListSearch } from '@/shared/list/listSearch';

/** The search state of /organization/ (URL query): text, ended services too, paging. */
export const organizationSearchSchema = searchSchema({
  ...pagedListSearch,
  showServiceEnd: flagParam(false),
});
export type OrganizationSearch = SearchOutput<typeof organizationSearchSchema>;

export const ORGANIZATION_SEARCH_DEFAULTS = {
  ...PAGED_LIST_DEFAULTS,
  showServiceEnd: false,
} as const satisfies Partial<OrganizationSearch>;
