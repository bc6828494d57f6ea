import { z } from 'zod';
import { dayjs } from '@/lib/time/dayjs';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = z
  .string()
  .regex(DATE)
  .optional()
  .catch(undefined);

/**
 * The search state of /system/check_history/: the period as text (docs/product/shell.md keeps
 * historyDateFrom and historyDateTo as text); a malformed value is dropped, and an absent one is
 * the current month in Tokyo.
 */
export const checkHistorySearchSchema = z.object({ historyDateFrom: date, historyDateTo: date });
export type CheckHistorySearch = z.output<typeof checkHistorySearchSchema>;

/** The period the screen reads: the URL's, or this month. */
export function periodOf(search: CheckHistorySearch): { from: string; to: string } {
  const today = dayjs().tz();
  return {
    from: search.historyDateFrom ?? today.startOf('month').format('YYYY-MM-DD'),
    to: search.historyDateTo ?? today.endOf('month').format('YYYY-MM-DD'),
  };
}
