import { dateText } from '@/shared/dates/format';
import { formatNumber } from '../common/NumberInputFormat';
import { tokyoToday } from '@/lib/time/today';

const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** A byte count for people: 10737418240 -> "10 GB", 1536 -> "1.5 KB", 999 -> "999 バイト". */
export function humanBytes(bytes: number): string {
  if (Math.abs(bytes) < 1024) return `${formatNumber(bytes)} バイト`;
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const next of UNITS) {
    value /= 1024;
    unit = next;
    if (Math.abs(value) < 1024) break;
  }
  const shown = value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${unit}`;
}

/** Whether a service ending on `serviceEndDate` has ended by `today` (the server's ServiceEnded). */
export function serviceEnded(serviceEndDate: string | null | undefined, today = tokyoToday()): boolean {
  return Boolean(serviceEndDate) && (serviceEndDate ?? '') < today;
}

/** The service period: '2025/04/01 〜 2026/03/31', open ends left blank; '' when neither is set. */
export function servicePeriod(start: string | null | undefined, end: string | null | undefined): string {
  if (!start && !end) return '';
  return `${dateText(start)} 〜 ${dateText(end)}`.trim();
}

/** Share of the limit used, 0–100 (0 without a limit). */
export function usagePercent(usage: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.min(100, Math.round((usage / limit) * 1000) / 10);
}
