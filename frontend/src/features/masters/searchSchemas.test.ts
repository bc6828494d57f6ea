import { describe, expect, it } from 'vitest';
import { FACILITY_SEARCH_DEFAULTS, facilitySearchSchema, type FacilitySearch } from './facility/schema';
import { GROUP_SEARCH_DEFAULTS, groupSearchSchema } from './group/schema';
import { terminalSearchSchema } from './terminal/schema';
import { changedSearch, definedQuery, searchTextQuery, stripDefaults, withoutDefaults } from '@/shared/list/listSearch';

describe('search state of the master lists', () => {
  it('parses an empty query to the defaults (sort by kana, ascending, page 1, no size)', () => {
    expect(facilitySearchSchema.parse({})).toEqual({
      searchText: '',
      page: 1,
      size: undefined,
      groupId: undefined,
      attributeId: undefined,
      sortBy: 'facilityNameKana',
      descending: false,
    });
    expect(groupSearchSchema.parse({})).toEqual({ searchText: '', page: 1, size: undefined });
    expect(terminalSearchSchema.parse({})).toEqual({ searchText: '', page: 1, size: undefined, facilityId: undefined });
  });

  it('keeps valid values', () => {
    const search = { searchText: 'ｼﾝｼﾞｭｸ', page: 3, size: 50, groupId: 4, attributeId: 2, sortBy: 'groupName', descending: true };
    expect(facilitySearchSchema.parse(search)).toEqual(search);
  });

  it('falls back per parameter on nonsense (a hand-edited or outdated URL still opens the list)', () => {
    expect(
      facilitySearchSchema.parse({
        searchText: { a: 1 },
        page: 0,
        size: 1000,
        groupId: -3,
        attributeId: 'x',
        sortBy: 'address',
        descending: 'yes',
      }),
    ).toEqual(facilitySearchSchema.parse({}));
    expect(groupSearchSchema.parse({ page: 2.5, size: 0 })).toEqual({ searchText: '', page: 1, size: undefined });
  });

  it('reads a number the router found in searchText as text', () => {
    expect(facilitySearchSchema.parse({ searchText: 123 }).searchText).toBe('123');
  });

  it('cuts an overlong search text', () => {
    expect(groupSearchSchema.parse({ searchText: 'あ'.repeat(500) }).searchText).toHaveLength(200);
  });

  it('leaves defaults and unset filters out of the URL', () => {
    const search = facilitySearchSchema.parse({ searchText: '新宿', groupId: 4 });
    expect(withoutDefaults(search, FACILITY_SEARCH_DEFAULTS)).toEqual({ searchText: '新宿', groupId: 4 });
    expect(withoutDefaults(facilitySearchSchema.parse({}), FACILITY_SEARCH_DEFAULTS)).toEqual({});
    expect(withoutDefaults(groupSearchSchema.parse({ page: 2, size: 20 }), GROUP_SEARCH_DEFAULTS)).toEqual({ page: 2, size: 20 });
  });

  it('strips defaults as a route search middleware, after the other middlewares', () => {
    const middleware = stripDefaults<FacilitySearch>(FACILITY_SEARCH_DEFAULTS);
    const search = facilitySearchSchema.parse({ sortBy: 'facilityName', descending: true });
    expect(middleware({ search, next: (value) => value })).toEqual({ sortBy: 'facilityName', descending: true });
  });

  it('round-trips: what the URL keeps parses back to the same search', () => {
    const search = facilitySearchSchema.parse({ searchText: 'a', page: 2, sortBy: 'externalDataId', descending: true, attributeId: 9 });
    expect(facilitySearchSchema.parse(withoutDefaults(search, FACILITY_SEARCH_DEFAULTS))).toEqual(search);
  });

  it('starts at page 1 again on any change but the page', () => {
    const search = facilitySearchSchema.parse({ page: 4, searchText: 'a' });
    expect(changedSearch(search, { groupId: 3 })).toMatchObject({ page: 1, groupId: 3, searchText: 'a' });
    expect(changedSearch(search, { page: 5 })).toMatchObject({ page: 5 });
  });

  it('sends the text trimmed, or not at all', () => {
    expect(searchTextQuery('  新宿 ')).toBe('新宿');
    expect(searchTextQuery(' \t')).toBeUndefined();
    expect(definedQuery({ a: 1, b: undefined, c: '' })).toEqual({ a: 1, c: '' });
  });
});
