import { useCallback, useState } from 'react';
import { readLocalValue, writeLocalValue } from '@/lib/storage/localStorage';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@/lib/storage/pageSize';

// The check-list list remembers its page size like the master lists (localStorage, default 10).
const KEY = 'pageSize.checkListMaster';
const isOffered = (size: number) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size);

export function readCheckListPageSize(): number {
  const size = Number(readLocalValue(KEY));
  return isOffered(size) ? size : DEFAULT_PAGE_SIZE;
}

export function useCheckListPageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(readCheckListPageSize);
  const update = useCallback((next: number) => {
    if (isOffered(next)) writeLocalValue(KEY, next === DEFAULT_PAGE_SIZE ? null : String(next));
    setSize(readCheckListPageSize());
  }, []);
  return [size, update];
}
