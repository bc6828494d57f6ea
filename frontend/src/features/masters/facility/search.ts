// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (lib/routing/searchSchema.ts says why it is not zod).
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { idParam, listSort, PAGED_LIST_DEFAULTS, pagedListSearch } from '@/shared/list/listSearch';

/** Sort keys of the store list (the server's `sortBy`); docs/product/masters.md: default facilityNameKana. */
export const FACILITY_SORT_KEYS = ['facilityNameKana', 'facilityName', 'groupName', 'externalDataId'] as const;
export type FacilitySortKey = (typeof FACILITY_SORT_KEYS)[number];

const sort = listSort(FACILITY_SORT_KEYS, 'facilityNameKana');

/** The search state of /facility/ (URL query). */
export const facilitySearchSchema = searchSchema({
  ...pagedListSearch,
  groupId: idParam,
  attributeId: idParam,
  ...sort.params,
});
export type FacilitySearch = SearchOutput<typeof facilitySearchSchema>;

export const FACILITY_SEARCH_DEFAULTS = { ...PAGED_LIST_DEFAULTS, ...sort.defaults } as const satisfies Partial<FacilitySearch>;
