import { dateTimeText, periodText as datesPeriodText } from '@/shared/dates/format';

/** A size a person reads: 12.3 MB, 456 KB. */
export function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${String(Math.ceil(n / 1024))} KB`;
  return `${String(n)} B`;
}

/** An instant as the file lists show it, in Tokyo time. */
export function dateTime(iso: string): string {
  return dateTimeText(iso);
}

/** A period of Tokyo dates: 2026/11/01〜2026/11/30. */
export function periodText(from: string | undefined, to: string | undefined): string {
  return from && to ? datesPeriodText(from, to) : '';
}
