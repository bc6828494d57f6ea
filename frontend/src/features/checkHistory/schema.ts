import * as z from 'zod/mini';
import { dayjs } from '@/lib/time/dayjs';

/** Kept as the text the URL holds (digits only included); the screen reads it as a date. */
const date = z.catch(z.optional(z.string()), undefined);
const FORMATS = ['YYYY-MM-DD', 'YYYYMMDD', 'YYYY/MM/DD'];

/** A URL date as YYYY-MM-DD, or undefined when it is not one. */
function dateOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const parsed = dayjs(text, FORMATS, true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : undefined;
}

/**
 * The search state of /system/check_history/: the period as text (docs/product/shell.md keeps
 * historyDateFrom and historyDateTo as text); a malformed value is dropped, and an absent one is
 * the current month in Tokyo; a value that is no date reads as absent.
 */
export const checkHistorySearchSchema = z.object({ historyDateFrom: date, historyDateTo: date });
export type CheckHistorySearch = z.output<typeof checkHistorySearchSchema>;

/** The period the screen reads: the URL's, or this month. */
export function periodOf(search: CheckHistorySearch): { from: string; to: string } {
  const today = dayjs().tz();
  return {
    from: dateOf(search.historyDateFrom) ?? today.startOf('month').format('YYYY-MM-DD'),
    to: dateOf(search.historyDateTo) ?? today.endOf('month').format('YYYY-MM-DD'),
  };
}
