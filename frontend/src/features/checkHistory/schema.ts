import { dayjs } from '@/lib/time/dayjs';
import type { CheckHistorySearch } from './search';

export * from './search';

const FORMATS = ['YYYY-MM-DD', 'YYYYMMDD', 'YYYY/MM/DD'];

/** A URL date as YYYY-MM-DD, or undefined when it is not one. */
function dateOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const parsed = dayjs(text, FORMATS, true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : undefined;
}

/** The period the screen reads: the URL's, or this month. */
export function periodOf(search: CheckHistorySearch): { from: string; to: string } {
  const today = dayjs().tz();
  return {
    from: dateOf(search.historyDateFrom) ?? today.startOf('month').format('YYYY-MM-DD'),
    to: dateOf(search.historyDateTo) ?? today.endOf('month').format('YYYY-MM-DD'),
  };
}
