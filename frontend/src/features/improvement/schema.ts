import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { dateParam, enumListParam, flagParam, idParam, listSort, pageParam, searchTextParam, sizeParam } from '@/shared/list/listSearch';

/** docs/product/improvement.md: the statuses as a reader sees them, in the list's order. */
export const IMPROVEMENT_STATUSES = ['IN_PROGRESS_UNREAD', 'IN_PROGRESS', 'IN_REVIEW_UNREAD', 'IN_REVIEW', 'COMPLETED'] as const;

/** Sort keys of the list (the server's `sortBy`); default the time of the last event, newest first. */
export const IMPROVEMENT_SORT_KEYS = ['contentModifyDate', 'createDate', 'dueDate', 'facilityNameKana', 'status'] as const;
export type ImprovementSortKey = (typeof IMPROVEMENT_SORT_KEYS)[number];

const flag = flagParam(false);
const sort = listSort(IMPROVEMENT_SORT_KEYS, 'contentModifyDate', true);

/**
 * The search state of /improvement/ (the filter docs/product/improvement.md names, word for word).
 * Every parameter falls back on its own, so an outdated or hand-edited link still opens the list.
 */
export const improvementSearchSchema = searchSchema({
  statusMap: enumListParam(IMPROVEMENT_STATUSES),
  isUnreadOnly: flag,
  isTargetUnread: flag,
  fromDate: dateParam,
  toDate: dateParam,
  includesUnrelated: flag,
  searchText: searchTextParam,
  ...sort.params,
  facilityId: idParam,
  page: pageParam,
  size: sizeParam,
});
export type ImprovementSearch = SearchOutput<typeof improvementSearchSchema>;

/** What the URL leaves out. */
export const IMPROVEMENT_SEARCH_DEFAULTS = {
  isUnreadOnly: false,
  isTargetUnread: false,
  includesUnrelated: false,
  searchText: '',
  ...sort.defaults,
  page: 1,
} as const satisfies Partial<ImprovementSearch>;
