import { describe, expect, it } from 'vitest';
import { withoutDefaults } from '@/shared/list/listSearch';
import { dateText, dateTimeText, periodText, progressOf, scoreChange, scorePercent } from './format';
import { STATUS_SEARCH_DEFAULTS, statusSearchSchema } from './schema';
import type { PeriodResult } from './types';

describe('check status formatting', () => {
  it('derives progress from the counts as docs/product/constants.md says', () => {
    expect(progressOf(6, 0)).toBe('UNCHECKED');
    expect(progressOf(0, 0)).toBe('UNCHECKED');
    expect(progressOf(6, 1)).toBe('IN_PROGRESS');
    expect(progressOf(6, 5)).toBe('IN_PROGRESS');
    expect(progressOf(6, 6)).toBe('CHECKED');
  });

  it('writes dates and periods with slashes, instants in Tokyo time', () => {
    expect(dateText('2026-11-01')).toBe('2026/11/01');
    expect(dateText(null)).toBe('');
    expect(periodText('2026-11-01', '2026-11-30')).toBe('2026/11/01〜2026/11/30');
    expect(dateTimeText('2026-11-30T15:30:00Z')).toBe('2026/12/01 00:30');
    expect(dateTimeText(null)).toBe('');
  });

  it('gives the score as a rounded share, none while nothing scored is answered', () => {
    expect(scorePercent(9, 12)).toBe(75);
    expect(scorePercent(2, 3)).toBe(67);
    expect(scorePercent(0, 0)).toBeNull();
  });

  it('compares a period\'s score with the one before it', () => {
    const period = (score: number, possibleScore: number) => ({ score, possibleScore }) as PeriodResult;
    const history = [period(6, 8), period(11, 12), period(0, 0), period(1, 2)];
    expect(scoreChange(history, 0)).toBe(75 - 92);
    expect(scoreChange(history, 1)).toBeNull();
    expect(scoreChange(history, 2)).toBeNull();
    expect(scoreChange(history, 3)).toBeNull();
  });
});

describe('check status search state', () => {
  it('defaults to the current periods sorted by kana, ascending, page 1', () => {
    expect(statusSearchSchema.parse({})).toEqual({
      checkStatus: undefined,
      groupId: undefined,
      facilityAttributeId: undefined,
      facilityName: '',
      checkListMasterId: undefined,
      includeOutOfPeriod: false,
      sortBy: 'facilityNameKana',
      descending: false,
      page: 1,
      size: undefined,
    });
  });

  it('falls back per parameter and leaves the defaults out of the URL', () => {
    const search = statusSearchSchema.parse({ checkStatus: 'done', groupId: 4, sortBy: 'x', facilityName: 123, page: -1 });
    expect(withoutDefaults(search, STATUS_SEARCH_DEFAULTS)).toEqual({ groupId: 4, facilityName: '123' });
    const full = { checkStatus: 'CHECKED', includeOutOfPeriod: true, sortBy: 'lastInputDate', descending: true, page: 3 } as const;
    expect(withoutDefaults(statusSearchSchema.parse(full), STATUS_SEARCH_DEFAULTS)).toEqual(full);
  });
});
