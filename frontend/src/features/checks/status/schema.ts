import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { flagParam, idParam, listSort, optionalEnumParam, pageParam, searchTextParam, sizeParam } from '@/shared/list/listSearch';

/** Sort keys of the status list (the server's `sortBy`); docs/product/masters.md: default facilityNameKana. */
export const STATUS_SORT_KEYS = ['facilityNameKana', 'groupName', 'checkListMasterName', 'lastInputDate', 'score'] as const;
export type StatusSortKey = (typeof STATUS_SORT_KEYS)[number];

/** docs/product/constants.md: the three progress values (the `checkStatus` filter). */
export const PROGRESS_VALUES = ['UNCHECKED', 'IN_PROGRESS', 'CHECKED'] as const;

const sort = listSort(STATUS_SORT_KEYS, 'facilityNameKana');

/**
 * The search state of /status/ (URL query; docs/product/shell.md keeps `checkStatus` as text). Every
 * parameter falls back on its own, so an outdated or hand-edited link still opens the list.
 */
export const statusSearchSchema = searchSchema({
  checkStatus: optionalEnumParam(PROGRESS_VALUES),
  groupId: idParam,
  facilityAttributeId: idParam,
  facilityName: searchTextParam,
  checkListMasterId: idParam,
  includeOutOfPeriod: flagParam(false),
  ...sort.params,
  page: pageParam,
  size: sizeParam,
});
export type StatusSearch = SearchOutput<typeof statusSearchSchema>;

/** What the URL leaves out (docs/product/masters.md filter defaults). */
export const STATUS_SEARCH_DEFAULTS = {
  facilityName: '',
  includeOutOfPeriod: false,
  page: 1,
  ...sort.defaults,
} as const satisfies Partial<StatusSearch>;
