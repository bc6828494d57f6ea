import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@/features/masters/common/pageSize';
import { readLocalValue, writeLocalValue } from '@/lib/storage/localStorage';

// The survey list's page size, kept like the other lists' (`pageSize.survey` in localStorage).
// Here rather than in common/pageSize because that module's list of names is shared; it can move
// there (add 'survey' to MasterList) when convenient.

const KEY = 'pageSize.survey';
const isOffered = (size: number) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size);

function read(): number {
  const size = Number(readLocalValue(KEY));
  return isOffered(size) ? size : DEFAULT_PAGE_SIZE;
}

export function useSurveyPageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(read);
  const update = useCallback((next: number) => {
    writeLocalValue(KEY, next === DEFAULT_PAGE_SIZE ? null : String(next));
    setSize(read());
  }, []);
  return [size, update];
}
