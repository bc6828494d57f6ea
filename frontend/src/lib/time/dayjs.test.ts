import { describe, expect, it } from 'vitest';
import { dayjs } from './dayjs';

describe('dayjs setup', () => {
  it('shows instants in Tokyo time by default', () => {
    expect(dayjs('2026-11-21T15:30:00Z').tz().format('YYYY-MM-DD HH:mm Z')).toBe('2026-11-22 00:30 +09:00');
  });

  it('reads wall-clock times as Tokyo times', () => {
    expect(dayjs.tz('2026-11-22 09:00').toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('speaks Japanese', () => {
    expect(dayjs('2026-11-22T03:00:00Z').tz().format('YYYY年M月D日(dd)')).toBe('2026年11月22日(日)');
  });
});
