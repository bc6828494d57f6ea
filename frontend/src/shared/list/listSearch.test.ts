import { describe, expect, it } from 'vitest';
import {
  changedSearch,
  definedQuery,
  dateParam,
  enumListParam,
  flagParam,
  idParam,
  MAX_SEARCH_TEXT,
  optionalEnumParam,
  optionalTextParam,
  pagedListSearch,
  patternParam,
  searchTextQuery,
  listSort,
  PAGED_LIST_DEFAULTS,
  sortParam,
  stripDefaults,
  withoutDefaults,
} from './listSearch';
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';

// A list of no feature in particular, built from the shared parameters only.
const sort = listSort(['name', 'code'], 'name');
const schema = searchSchema({ ...pagedListSearch, tagId: idParam, ...sort.params });
type Search = SearchOutput<typeof schema>;
const DEFAULTS = { ...PAGED_LIST_DEFAULTS, ...sort.defaults } as const satisfies Partial<Search>;

describe('shared list search parameters', () => {
  it('parse an empty query to the defaults', () => {
    expect(schema.parse({})).toEqual({ searchText: '', page: 1, size: undefined, tagId: undefined, sortBy: 'name', descending: false });
  });

  it('fall back one by one on nonsense, so an outdated URL still opens the list', () => {
    expect(schema.parse({ searchText: { a: 1 }, page: 0, size: 1000, tagId: -3, sortBy: 'address', descending: 'yes' })).toEqual(
      schema.parse({}),
    );
    expect(schema.parse({ searchText: 123 }).searchText).toBe('123');
    expect(schema.parse({ searchText: 'あ'.repeat(500) }).searchText).toHaveLength(MAX_SEARCH_TEXT);
  });

  it('leave defaults out of the URL, also as a route middleware, and round-trip', () => {
    const search = schema.parse({ searchText: 'a', page: 2, tagId: 9, sortBy: 'code', descending: true });
    expect(withoutDefaults(search, DEFAULTS)).toEqual({ searchText: 'a', page: 2, tagId: 9, sortBy: 'code', descending: true });
    expect(withoutDefaults(schema.parse({}), DEFAULTS)).toEqual({});
    expect(stripDefaults<Search>(DEFAULTS)({ search: schema.parse({ page: 3 }), next: (value) => value })).toEqual({ page: 3 });
    expect(schema.parse(withoutDefaults(search, DEFAULTS))).toEqual(search);
  });

  it('drop what the schema does not name, and read anything without failing', () => {
    expect(schema.parse({ other: 1, page: 2 })).toStrictEqual({ searchText: '', page: 2, size: undefined, tagId: undefined, sortBy: 'name', descending: false });
    for (const raw of [undefined, null, 'page=2', 42, []]) expect(schema.parse(raw)).toEqual(schema.parse({}));
  });

  it('read each kind of parameter, or fall back', () => {
    expect([dateParam('2026-11-26'), dateParam('2026/11/26'), dateParam(20261126)]).toEqual(['2026-11-26', undefined, undefined]);
    expect([flagParam(true)(false), flagParam(true)('false'), flagParam(false)(undefined)]).toEqual([false, true, false]);
    const kind = optionalEnumParam(['A', 'B']);
    expect([kind('A'), kind('C'), kind(['A'])]).toEqual(['A', undefined, undefined]);
    const kinds = enumListParam(['A', 'B']);
    expect([kinds(['A', 'B']), kinds([]), kinds(['A', 'C']), kinds('A')]).toEqual([['A', 'B'], [], undefined, undefined]);
    expect([optionalTextParam('x'), optionalTextParam(1)]).toEqual(['x', undefined]);
    expect([sortParam(['a', 'b'], 'a')('b'), sortParam(['a', 'b'], 'a')('c')]).toEqual(['b', 'a']);
    expect(listSort(['a', 'b'], 'b', true).defaults).toEqual({ sortBy: 'b', descending: true });
    expect(listSort(['a', 'b'], 'b', true).params.descending(undefined)).toBe(true);
    expect([patternParam(/^[A-Z]+$/)('ADMIN'), patternParam(/^[A-Z]+$/)('<b>')]).toEqual(['ADMIN', undefined]);
    expect([idParam(3), idParam(0), idParam(2.5), idParam('3'), idParam(2 ** 60)]).toEqual([3, undefined, undefined, undefined, undefined]);
  });

  it('start again at page 1 on any change but the page', () => {
    const search = schema.parse({ page: 4, searchText: 'a' });
    expect(changedSearch(search, { tagId: 3 })).toMatchObject({ page: 1, tagId: 3, searchText: 'a' });
    expect(changedSearch(search, { page: 5 })).toMatchObject({ page: 5 });
  });

  it('send the text trimmed or not at all, and no unset filter', () => {
    expect(searchTextQuery('  新宿 ')).toBe('新宿');
    expect(searchTextQuery(' \t')).toBeUndefined();
    expect(definedQuery({ a: 1, b: undefined, c: '' })).toEqual({ a: 1, c: '' });
  });
});
