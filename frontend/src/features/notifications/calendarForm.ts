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

/** The calendar to save from the form's values (empty rows are left out). */
export function calendarOf(values: CalendarValues, version: number): NotificationCalendar {
  const days: ClosingDay[] = [
    ...values.weekdays.map((weekday) => ({ weekday, label: `${WEEKDAY_LABELS[weekday] ?? ''}曜日` })),
    ...values.dates.filter((row) => row.date !== '').map((row) => ({ date: row.date, label: row.label })),
    ...values.stores
      .filter((row) => row.facilityId !== undefined && (row.weekday !== undefined || row.date !== ''))
      .map((row) => ({
        facilityId: row.facilityId,
        label: row.label,
        ...(row.weekday !== undefined ? { weekday: row.weekday } : { date: row.date }),
      })),
  ];
  return { escalationDays: values.escalationDays ?? 0, closingDayList: days, version };
}
