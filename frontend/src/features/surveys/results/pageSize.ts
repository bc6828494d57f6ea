import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@/features/masters/common/pageSize';
import { readLocalValue, writeLocalValue } from '@/lib/storage/localStorage';

// The results list's page size, remembered like the other lists (`pageSize.<list>` in
// localStorage). Kept here because the shared `MasterList` union does not name this list yet.

const STORAGE_NAME = 'pageSize.surveyResult';
const isOffered = (size: number) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size);

function readSize(): number {
  const size = Number(readLocalValue(STORAGE_NAME));
  return isOffered(size) ? size : DEFAULT_PAGE_SIZE;
}

export function useSurveyResultPageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(readSize);
  const update = useCallback((next: number) => {
    if (isOffered(next)) writeLocalValue(STORAGE_NAME, next === DEFAULT_PAGE_SIZE ? null : String(next));
    setSize(readSize());
  }, []);
  return [size, update];
}
