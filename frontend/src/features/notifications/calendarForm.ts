import type { ClosingDay, NotificationCalendar } from './api';

/** 日〜土, as the closing-day editor names weekdays (0 is Sunday, as the API counts). */
export const WEEKDAY_LABELS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** A dated closing day in the form ("YYYY-MM-DD"). */
export interface DateRow {
  date: string;
  label: string;
}

/** A store's own closing day: every given weekday, or one date. */
export interface StoreRow {
  facilityId: number | undefined;
  weekday: number | undefined;
  date: string;
  label: string;
}

export interface CalendarValues {
  escalationDays: number | null;
  weekdays: number[];
  dates: DateRow[];
  stores: StoreRow[];
}

/** The form's values from the calendar read. */
export function valuesOf(calendar: NotificationCalendar): CalendarValues {
  const values: CalendarValues = { escalationDays: calendar.escalationDays, weekdays: [], dates: [], stores: [] };
  for (const day of calendar.closingDayList) {
    if (day.facilityId !== undefined) {
      values.stores.push({ facilityId: day.facilityId, weekday: day.weekday, date: day.date ?? '', label: day.label });
    } else if (day.weekday !== undefined) {
      values.weekdays.push(day.weekday);
    } else {
      values.dates.push({ date: day.date ?? '', label: day.label });
    }
  }
  values.weekdays.sort();
  return values;
}

// A row is one closing day: a date row needs its date; a store's row needs the store and either a
// weekday (every week) or one date — the server keeps one of the two per day and refuses both
// (domain/notification ClosingDay.Validate, with the same words). A row left wholly blank is left
// out; a row with anything in it is saved as typed or refused with a message on the row, never
// dropped or cut down in silence.
export const MSG_DATE_REQUIRED = '日付は必須です';
export const MSG_STORE_REQUIRED = '店舗は必須です';
export const MSG_WEEKDAY_OR_DATE = '曜日か日付を指定してください。';
export const MSG_WEEKDAY_AND_DATE = '曜日と日付はどちらか一方を指定してください。';

const blankDate = (row: Partial<DateRow> | undefined) => !row?.date && !row?.label?.trim();
const blankStore = (row: Partial<StoreRow> | undefined) =>
  row?.facilityId === undefined && row?.weekday === undefined && !row?.date && !row?.label?.trim();

/** What is missing from a dated closing day, or undefined when it can be saved (or is blank). */
export function dateRowProblem(row: Partial<DateRow> | undefined): string | undefined {
  if (blankDate(row) || row?.date) return undefined;
  return MSG_DATE_REQUIRED;
}

/** Whether a store's closing day names no store (undefined when it does, or is blank). */
export function storeRowStoreProblem(row: Partial<StoreRow> | undefined): string | undefined {
  if (blankStore(row) || row?.facilityId !== undefined) return undefined;
  return MSG_STORE_REQUIRED;
}

/** What is wrong with a store's weekday and date (undefined when exactly one is set, or blank). */
export function storeRowDayProblem(row: Partial<StoreRow> | undefined): string | undefined {
  if (blankStore(row)) return undefined;
  const weekday = row?.weekday !== undefined;
  const date = Boolean(row?.date);
  if (!weekday && !date) return MSG_WEEKDAY_OR_DATE;
  if (weekday && date) return MSG_WEEKDAY_AND_DATE;
  return undefined;
}

/** The calendar to save from the form's values: wholly blank rows are left out, the rest sent as typed. */
export function calendarOf(values: CalendarValues, version: number): NotificationCalendar {
  const days: ClosingDay[] = [
    ...values.weekdays.map((weekday) => ({ weekday, label: `${WEEKDAY_LABELS[weekday] ?? ''}曜日` })),
    ...values.dates.filter((row) => !blankDate(row)).map((row) => ({ date: row.date, label: row.label })),
    ...values.stores
      .filter((row) => !blankStore(row))
      .map((row) => ({
        ...(row.facilityId !== undefined ? { facilityId: row.facilityId } : {}),
        label: row.label,
        ...(row.weekday !== undefined ? { weekday: row.weekday } : {}),
        ...(row.date ? { date: row.date } : {}),
      })),
  ];
  return { escalationDays: values.escalationDays ?? 0, closingDayList: days, version };
}
