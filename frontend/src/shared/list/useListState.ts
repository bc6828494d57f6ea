import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useEffect } from 'react';
import { failedRead } from './failedRead';
import { changedSearch } from './listSearch';
import type { SortChange } from './ListTable';
import { useListPageSize, type ListName } from './pageSize';
import type { Page } from './types';
import type { SearchChangeOptions } from './useRouteSearch';

/** The search state every paged list holds (docs/product/shell.md: page, optional page size). */
export interface PagedSearch {
  page: number;
  size?: number | undefined;
}

/** A list sorted by one of `keys`, ascending or descending. */
export interface SortedSearch<Key extends string> {
  sortBy: Key;
  descending: boolean;
}

export interface ListSort<Key extends string> {
  keys: readonly Key[];
  /** The sort a list falls back to when the user turns column sorting off. */
  fallback: Key;
}

export interface ListStateOptions<Search extends PagedSearch, Row, Err, Key extends QueryKey> {
  /** Where the page-size preference is kept (localStorage `pageSize.<list>`). */
  pageSizeList: ListName;
  search: Search;
  onSearchChange: (search: Search, options?: SearchChangeOptions) => void;
  /** The list's query for a page of `size` rows. */
  query: (size: number) => UseQueryOptions<Page<Row>, Err, Page<Row>, Key>;
}

/**
 * The state of a server-paged list screen: the URL's search state, the remembered page size,
 * the list's query, and the correction of a page past the end. `tableProps` feeds ListTable.
 */
export function useListState<Search extends PagedSearch, Row, Err, Key extends QueryKey>({
  pageSizeList,
  search,
  onSearchChange,
  query,
}: ListStateOptions<Search, Row, Err, Key>) {
  const [preferredSize, setPreferredSize] = useListPageSize(pageSizeList);
  const size = search.size ?? preferredSize;
  const list = useQuery(query(size));

  // A page past the end (rows deleted meanwhile, an old link): show the last page instead, in
  // place of the page past the end, so Back leaves the list rather than landing on that page and
  // being corrected forward again.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && search.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onSearchChange({ ...search, page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, search, onSearchChange]);

  /** Any change but the page's starts again at page 1. */
  const change = useCallback(
    (patch: Partial<Search>) => {
      onSearchChange(changedSearch(search, patch));
    },
    [search, onSearchChange],
  );

  const tableProps = {
    items: list.data?.items,
    total,
    page: search.page,
    size,
    fetching: list.isFetching,
    error: failedRead(list),
    onPageChange: (page: number, nextSize: number) => {
      // A chosen size is a preference, not part of the URL.
      if (nextSize !== size) setPreferredSize(nextSize);
      onSearchChange({ ...search, page, size: undefined });
    },
  };

  return { list, size, change, tableProps };
}

/** The column sort of a list sorted by the server: each column's order and the table's handler. */
export function useListSort<Key extends string, Search extends PagedSearch & SortedSearch<Key>>(
  search: Search,
  change: (patch: Partial<Search>) => void,
  { keys, fallback }: ListSort<Key>,
) {
  const sortOrder = (key: Key): SortOrder => (search.sortBy === key ? (search.descending ? 'descend' : 'ascend') : null);
  const onSortChange = ({ field, descending }: SortChange) => {
    const sortBy = (keys as readonly string[]).includes(field ?? '') ? (field as Key) : fallback;
    change({ sortBy, descending: field === null ? false : descending } as Partial<Search>);
  };
  const onSortSelect = (sortBy: Key, descending: boolean) => {
    change({ sortBy, descending } as Partial<Search>);
  };
  return { sortOrder, onSortChange, onSortSelect };
}

/**
 * A list query whose page carries more than its rows (counts, say) as the plain page the list
 * state reads. Sound because the list state only reads the page's rows and total; the screen reads
 * the rest with the same query options (the same cache entry, so no second request).
 */
export function asPageQuery<Full extends Page<unknown>, Err, Key extends QueryKey>(
  options: UseQueryOptions<Full, Err, Full, Key>,
): UseQueryOptions<Page<Full['items'][number]>, Err, Page<Full['items'][number]>, Key> {
  return options as unknown as UseQueryOptions<Page<Full['items'][number]>, Err, Page<Full['items'][number]>, Key>;
}
