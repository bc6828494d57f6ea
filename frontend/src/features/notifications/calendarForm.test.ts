import { describe, expect, it } from 'vitest';
import {
  calendarOf,
  dateRowProblem,
  MSG_DATE_REQUIRED,
  MSG_STORE_REQUIRED,
  MSG_WEEKDAY_AND_DATE,
  MSG_WEEKDAY_OR_DATE,
  storeRowDayProblem,
  storeRowStoreProblem,
} from './calendarForm';

describe('closing-day rows', () => {
  it('needs a date on a dated row with a name; a wholly blank row is no problem', () => {
    expect(dateRowProblem({ date: '', label: '棚卸' })).toBe(MSG_DATE_REQUIRED);
    expect(dateRowProblem({ date: '', label: '  ' })).toBeUndefined();
    expect(dateRowProblem({ date: '2026-12-31', label: '' })).toBeUndefined();
  });

  it("needs a store's row to name the store and exactly one of weekday and date", () => {
    expect(storeRowStoreProblem({ facilityId: undefined, weekday: 3, date: '', label: '' })).toBe(MSG_STORE_REQUIRED);
    expect(storeRowDayProblem({ facilityId: 1, weekday: undefined, date: '', label: '定休日' })).toBe(MSG_WEEKDAY_OR_DATE);
    expect(storeRowDayProblem({ facilityId: 1, weekday: 3, date: '2026-12-25', label: '' })).toBe(MSG_WEEKDAY_AND_DATE);
    expect(storeRowDayProblem({ facilityId: 1, weekday: 0, date: '', label: '' })).toBeUndefined();
    expect(storeRowStoreProblem({ facilityId: undefined, weekday: undefined, date: '', label: '' })).toBeUndefined();
    expect(storeRowDayProblem({ facilityId: undefined, weekday: undefined, date: '', label: '' })).toBeUndefined();
  });

  it('leaves out only wholly blank rows and sends the others as typed (both of weekday and date kept)', () => {
    const calendar = calendarOf(
      {
        escalationDays: 3,
        weekdays: [],
        dates: [{ date: '', label: '' }, { date: '', label: '棚卸' }],
        stores: [
          { facilityId: undefined, weekday: undefined, date: '', label: '' },
          { facilityId: 1, weekday: 3, date: '2026-12-25', label: '定休日' },
        ],
      },
      2,
    );
    expect(calendar.closingDayList).toEqual([
      { date: '', label: '棚卸' },
      { facilityId: 1, weekday: 3, date: '2026-12-25', label: '定休日' },
    ]);
  });
});
