import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@/features/masters/common/pageSize';
import { readLocalValue, writeLocalValue } from '@/lib/storage/localStorage';

// The status list's page size preference, kept in localStorage like the other lists' (SPEC
// section 2), under a key of its own.
const KEY = 'pageSize.status';

const isOffered = (size: number) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size);

export function readStatusPageSize(): number {
  const size = Number(readLocalValue(KEY));
  return isOffered(size) ? size : DEFAULT_PAGE_SIZE;
}

export function writeStatusPageSize(size: number): void {
  if (!isOffered(size)) return;
  writeLocalValue(KEY, size === DEFAULT_PAGE_SIZE ? null : String(size));
}

/** The stored page size and its setter. */
export function useStatusPageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(readStatusPageSize);
  const update = useCallback((next: number) => {
    writeStatusPageSize(next);
    setSize(readStatusPageSize());
  }, []);
  return [size, update];
}
