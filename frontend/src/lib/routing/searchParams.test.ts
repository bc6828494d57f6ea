import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch, TEXT_SEARCH_KEYS } from './searchParams';

describe('search parameters', () => {
  it('lists the text keys of docs/product/shell.md', () => {
    expect([...TEXT_SEARCH_KEYS].sort()).toEqual(
      [
        'checkStatus',
        'authorityName',
        'reportType',
        'fromDate',
        'toDate',
        'createDateFrom',
        'createDateTo',
        'historyType',
        'historyDateFrom',
        'historyDateTo',
      ].sort(),
    );
  });

  it('keeps text keys as the text in the URL', () => {
    expect(parseSearch('?fromDate=20261101&toDate=2026-11-30&historyType=1&checkStatus=true')).toEqual({
      fromDate: '20261101',
      toDate: '2026-11-30',
      historyType: '1',
      checkStatus: 'true',
    });
  });

  it('reads other keys as the router does (numbers, booleans, JSON)', () => {
    expect(parseSearch('?page=2&descending=true&groupId=5&searchText=abc&ids=%5B1%2C2%5D')).toEqual({
      page: 2,
      descending: true,
      groupId: 5,
      searchText: 'abc',
      ids: [1, 2],
    });
  });

  it('writes text keys without quotes, others as the router does', () => {
    expect(stringifySearch({ fromDate: '20261101', searchText: '123', page: 2, skip: undefined })).toBe(
      '?fromDate=20261101&searchText=%22123%22&page=2',
    );
    expect(stringifySearch({})).toBe('');
  });

  it.each([
    { fromDate: '20261101', toDate: '2026-11-30', authorityName: 'GROUP_STAFF' },
    { searchText: '123', groupId: 4, includeOutOfPeriod: false, reportType: 'BASIC' },
    { facilityName: '新宿 & 渋谷', statusMap: { IN_PROGRESS: true } },
  ])('round-trips %j', (search) => {
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });
});
