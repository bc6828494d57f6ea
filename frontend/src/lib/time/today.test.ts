import { describe, expect, it } from 'vitest';
import { dayjs } from './dayjs';
import { tokyoToday } from './today';

describe('tokyoToday', () => {
  it.each(['2026-11-21T14:59:59Z', '2026-11-21T15:00:00Z', '2026-12-31T15:00:00Z', '2027-01-01T00:00:00Z', '2028-02-28T16:00:00Z'])(
    'is the Tokyo date dayjs gives at %s',
    (instant) => {
      expect(tokyoToday(new Date(instant))).toBe(dayjs(instant).tz().format('YYYY-MM-DD'));
    },
  );

  it('turns at midnight in Tokyo, not in UTC', () => {
    expect(tokyoToday(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(tokyoToday(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
  });
});
