import type { NpsTally } from './types';

/** The list's title (the route's static title). */
export const SURVEY_RESULT_TITLE = 'アンケート結果';

/** NPS with its sign and one decimal (+12.5, 0.0, −8.0); '－' without answers. */
export function npsText(nps: number | null | undefined): string {
  if (nps === null || nps === undefined) return '－';
  const text = Math.abs(nps).toFixed(1);
  if (text === '0.0') return '0.0';
  return nps > 0 ? `+${text}` : `-${text}`;
}

/** A mean rating with two decimals ('－' without one). */
export function averageText(average: number | null | undefined): string {
  return average === null || average === undefined ? '－' : average.toFixed(2);
}

/** Answers of a tally. */
export function tallyTotal(tally: NpsTally): number {
  return tally.promoterCount + tally.passiveCount + tally.detractorCount;
}

// Dates and times are written as the whole console writes them (the date pickers too).
export { dateText, dateTimeText, periodText } from '@/shared/dates/format';

/** A trend bucket's label: 9/1〜 for a week, 2026/09 for a month. */
export function bucketLabel(startDate: string, interval: 'WEEK' | 'MONTH'): string {
  const [year, month, day] = startDate.split('-');
  if (interval === 'MONTH') return `${year ?? ''}/${month ?? ''}`;
  return `${String(Number(month))}/${String(Number(day))}〜`;
}

/** A share in percent with no decimals; 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 100) / whole) : 0;
}
