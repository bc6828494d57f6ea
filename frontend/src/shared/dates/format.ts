import { dayjs } from '@/lib/time/dayjs';

// How the console writes dates, in one place for the lists, the detail screens and the date pickers
// (pickers.tsx): a date picked or typed reads as the list beside it shows it, 2026/11/01 rather than
// antd's default 2026-11-01 under the Japanese locale.

/** A calendar date: 2026/11/01. */
export const DATE_FORMAT = 'YYYY/MM/DD';
/** A month: 2026/11. */
export const MONTH_FORMAT = 'YYYY/MM';
/** A date and time of day: 2026/11/01 09:30. */
export const DATE_TIME_FORMAT = `${DATE_FORMAT} HH:mm`;
/** A calendar date as the API and the URLs carry it. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';

/** A business date (YYYY-MM-DD, already a Tokyo date) as 2026/11/01; '' for none, other text as it is. */
export function dateText(date: string | null | undefined): string {
  if (!date) return '';
  const parsed = dayjs(date, API_DATE_FORMAT, true);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : date;
}

/** A period of business dates as 2026/11/01〜2026/11/30, or 2026/11/01〜 without an end. */
export function periodText(fromDate: string, toDate?: string | null): string {
  return `${dateText(fromDate)}〜${dateText(toDate)}`;
}

/** An instant in Tokyo time as 2026/11/21 18:26; '' for none. */
export function dateTimeText(instant: string | null | undefined): string {
  return instant ? dayjs(instant).tz().format(DATE_TIME_FORMAT) : '';
}

/** The kinds of date picker the console has: the ones whose values the lists write. */
export type PickerKind = 'date' | 'month';

/**
 * The formats of a date picker: it writes the first; it reads what it writes and the API's form too
 * (2026-11-01), which the pickers that set no format wrote before.
 */
export function pickerFormats(picker: PickerKind | undefined, withTime: boolean): string[] {
  if (picker === 'month') return [MONTH_FORMAT, 'YYYY-MM'];
  return withTime ? [DATE_TIME_FORMAT, `${API_DATE_FORMAT} HH:mm`] : [DATE_FORMAT, API_DATE_FORMAT];
}
