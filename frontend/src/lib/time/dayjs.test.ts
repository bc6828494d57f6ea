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

  it('reads text by the format it is given, strictly', () => {
    expect(dayjs('2026/11/24', 'YYYY/MM/DD', true).format('YYYY-MM-DD')).toBe('2026-11-24');
    expect(dayjs('24-11-2026', 'YYYY-MM-DD', true).isValid()).toBe(false);
    expect(dayjs('2026-02-30', 'YYYY-MM-DD', true).isValid()).toBe(false);
  });

  it('honours the format without strict mode too: text in another order is invalid, not guessed', () => {
    // Without customParseFormat, dayjs ignores the format and reads this as 24 November 2026.
    expect(dayjs('11/24/2026', 'YYYY-MM-DD').isValid()).toBe(false);
    expect(dayjs('2026-11-24', 'YYYY-MM-DD').format('YYYY/MM/DD')).toBe('2026/11/24');
    expect(dayjs('24.11.2026', 'DD.MM.YYYY').format('YYYY-MM-DD')).toBe('2026-11-24');
  });
});
