import { useCallback, useState } from 'react';
import { parseId } from '@/lib/ids';
import { readLocalValue, writeLocalValue } from './localStorage';

/** The lists whose page size is remembered (docs/product/shell.md). */
export const PAGE_SIZE_LISTS = ['organization', 'user', 'history', 'historyFile', 'group', 'facility'] as const;
export type PageSizeList = (typeof PAGE_SIZE_LISTS)[number];

/** docs/product/constants.md: default items per page. */
export const DEFAULT_PAGE_SIZE = 10;
/** The page sizes a list offers. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/** Larger stored values are not trusted (a list never shows more rows than this at once). */
const MAX_PAGE_SIZE = 1000;

const key = (list: PageSizeList) => `pageSize.${list}`;

/** The stored size of a list, or the default when none (or nonsense) is stored. */
export function getPageSize(list: PageSizeList): number {
  const stored = readLocalValue(key(list));
  const size = stored === null ? null : parseId(stored);
  return size !== null && size >= 1 && size <= MAX_PAGE_SIZE ? size : DEFAULT_PAGE_SIZE;
}

export function setPageSize(list: PageSizeList, size: number): void {
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) return;
  writeLocalValue(key(list), size === DEFAULT_PAGE_SIZE ? null : String(size));
}

/** A list's page size and its setter, which also stores it. */
export function usePageSize(list: PageSizeList): [number, (size: number) => void] {
  const [size, setSize] = useState(() => getPageSize(list));
  const update = useCallback(
    (next: number) => {
      setPageSize(list, next);
      setSize(getPageSize(list));
    },
    [list],
  );
  return [size, update];
}
