import { useCallback, useState } from 'react';
import { readLocalValue, writeLocalValue } from '@/lib/storage/localStorage';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../common/pageSize';

// The user tag list remembers its page size like the store tags do (common/pageSize keeps a
// closed list of names, `userAttribute` is not among them, so the same rule is applied here).

const KEY = 'pageSize.userAttribute';
const isOffered = (size: number) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size);

export function readTagPageSize(): number {
  const size = Number(readLocalValue(KEY));
  return isOffered(size) ? size : DEFAULT_PAGE_SIZE;
}

export function useTagPageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(readTagPageSize);
  const update = useCallback((next: number) => {
    if (!isOffered(next)) return;
    writeLocalValue(KEY, next === DEFAULT_PAGE_SIZE ? null : String(next));
    setSize(next);
  }, []);
  return [size, update];
}
