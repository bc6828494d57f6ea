import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  changedSearch,
  definedQuery,
  descendingParam,
  idParam,
  MAX_SEARCH_TEXT,
  pagedListSearch,
  searchTextQuery,
  sortParam,
  stripDefaults,
  withoutDefaults,
} from './listSearch';

// A list of no feature in particular, built from the shared parameters only.
const SORT_KEYS = ['name', 'code'] as const;
const schema = z.object({
  ...pagedListSearch,
  tagId: idParam,
  sortBy: sortParam(SORT_KEYS, 'name'),
  descending: descendingParam,
});
type Search = z.output<typeof schema>;
const DEFAULTS = { searchText: '', page: 1, sortBy: 'name', descending: false } as const satisfies Partial<Search>;

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
