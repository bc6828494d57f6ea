import { useCallback, useState } from 'react';
import { readLocalValue, writeLocalValue } from '@/lib/storage/localStorage';
import {
  DEFAULT_PAGE_SIZE,
  getPageSize,
  PAGE_SIZE_LISTS,
  PAGE_SIZE_OPTIONS,
  setPageSize,
  type PageSizeList,
} from '@/lib/storage/pageSize';

export { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS };

/**
 * The lists that remember their page size. docs/product/shell.md names `facility`, `group`, `user` and
 * `organization` (kept by the shell's module in src/lib/storage); the other lists are remembered
 * the same way under keys of their own (`pageSize.<list>`).
 */
export type ListName =
  | PageSizeList
  | 'terminal'
  | 'facilityAttribute'
  | 'userAttribute'
  | 'status'
  | 'checkListMaster'
  | 'survey'
  | 'surveyResult'
  | 'improvement'
  | 'reportFile';

const isSpecList = (list: ListName): list is PageSizeList => (PAGE_SIZE_LISTS as readonly string[]).includes(list);
const isOffered = (size: number) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size);

export function readListPageSize(list: ListName): number {
  if (isSpecList(list)) return getPageSize(list);
  const size = Number(readLocalValue(`pageSize.${list}`));
  return isOffered(size) ? size : DEFAULT_PAGE_SIZE;
}

export function writeListPageSize(list: ListName, size: number): void {
  if (isSpecList(list)) {
    setPageSize(list, size);
    return;
  }
  if (!isOffered(size)) return;
  writeLocalValue(`pageSize.${list}`, size === DEFAULT_PAGE_SIZE ? null : String(size));
}

/** A list's page size preference (localStorage) and its setter. */
export function useListPageSize(list: ListName): [number, (size: number) => void] {
  const [size, setSize] = useState(() => readListPageSize(list));
  const update = useCallback(
    (next: number) => {
      writeListPageSize(list, next);
      setSize(readListPageSize(list));
    },
    [list],
  );
  return [size, update];
}
