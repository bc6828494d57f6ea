import type { Param } from '@/lib/routing/searchSchema';

// The parameters list screens share, for lib/routing/searchSchema.ts: each reads one value of the
// URL and falls back when it is absent or unreadable; defaults are left out of the URL.

/** Longest search text sent to the server; anything longer is cut. */
export const MAX_SEARCH_TEXT = 200;

const isWholeNumber = (raw: unknown): raw is number => typeof raw === 'number' && Number.isSafeInteger(raw);

/**
 * Free text, '' when absent. The router reads `?searchText=123` as the number 123 (it writes text
 * with quotes, so only a hand-typed URL does this): it is still text.
 */
export const searchTextParam: Param<string> = (raw) => {
  const text = typeof raw === 'number' ? String(raw) : raw;
  return typeof text === 'string' ? text.slice(0, MAX_SEARCH_TEXT) : '';
};

/** Text as the URL holds it, or none. */
export const optionalTextParam: Param<string | undefined> = (raw) => (typeof raw === 'string' ? raw : undefined);

/** Text matching `pattern`, or none. */
export function patternParam(pattern: RegExp): Param<string | undefined> {
  return (raw) => (typeof raw === 'string' && pattern.test(raw) ? raw : undefined);
}

/** A Tokyo date as the URL keeps it (text, docs/product/shell.md), e.g. 2026-11-25. */
export const dateParam = patternParam(/^\d{4}-\d{2}-\d{2}$/);

/** Page number from 1. */
export const pageParam: Param<number> = (raw) => (isWholeNumber(raw) && raw >= 1 ? raw : 1);

/** Rows per page when the URL says so; otherwise the stored preference applies. */
export const sizeParam: Param<number | undefined> = (raw) => (isWholeNumber(raw) && raw >= 1 && raw <= 100 ? raw : undefined);

/** An optional id filter (group, tag, store). */
export const idParam: Param<number | undefined> = (raw) => (isWholeNumber(raw) && raw > 0 ? raw : undefined);

/** A yes/no switch, `fallback` when absent or unreadable. */
export function flagParam(fallback: boolean): Param<boolean> {
  return (raw) => (typeof raw === 'boolean' ? raw : fallback);
}

const isOneOf = <const Values extends readonly string[]>(values: Values, raw: unknown): raw is Values[number] =>
  typeof raw === 'string' && values.includes(raw);

/** One of `values`, or none. */
export function optionalEnumParam<const Values extends readonly [string, ...string[]]>(values: Values): Param<Values[number] | undefined> {
  return (raw) => (isOneOf(values, raw) ? raw : undefined);
}

/** Some of `values` (none when any is unknown), or none. */
export function enumListParam<const Values extends readonly [string, ...string[]]>(values: Values): Param<Values[number][] | undefined> {
  return (raw) => (Array.isArray(raw) && raw.every((value) => isOneOf(values, value)) ? raw : undefined);
}

/** One of `keys`, else `fallback`. */
export function sortParam<const Keys extends readonly [string, ...string[]]>(keys: Keys, fallback: Keys[number]): Param<Keys[number]> {
  return (raw) => (isOneOf(keys, raw) ? raw : fallback);
}

/** The fields every paged list has. */
export const pagedListSearch = {
  searchText: searchTextParam,
  page: pageParam,
  size: sizeParam,
};

/** What a paged list's URL leaves out: no search text, the first page. */
export const PAGED_LIST_DEFAULTS = { searchText: '', page: 1 } as const;

/**
 * A sorted list's two parameters, `sortBy` (one of `keys`, else `sortBy`) and `descending` (else
 * `descending`), and the values of them the URL leaves out.
 */
export function listSort<const Keys extends readonly [string, ...string[]]>(keys: Keys, sortBy: Keys[number], descending = false) {
  return {
    params: { sortBy: sortParam(keys, sortBy), descending: flagParam(descending) },
    defaults: { sortBy, descending },
  };
}

/** The values a URL leaves out: an unset filter and every parameter at its default. */
export function withoutDefaults<T extends Record<string, unknown>>(search: T, defaults: Partial<T>): Partial<T> {
  const kept: Partial<T> = {};
  for (const key of Object.keys(search) as (keyof T)[]) {
    const value = search[key];
    if (value === undefined || Object.is(value, defaults[key])) continue;
    kept[key] = value;
  }
  return kept;
}

/**
 * A search middleware for the route (`search.middlewares`): defaults never show in the URL, so
 * the kept search state and shared links stay short.
 */
export function stripDefaults<T extends Record<string, unknown>>(defaults: Partial<T>) {
  return ({ search, next }: { search: T; next: (search: T) => T }): T => withoutDefaults(next(search), defaults) as T;
}

/**
 * The next search after a change: any change but a page change starts again at page 1 (the old
 * page may not exist in the new result).
 */
export function changedSearch<T extends { page: number }>(current: T, patch: Partial<T>): T {
  return { ...current, ...patch, page: patch.page ?? 1 };
}

/** The search text as the server wants it: trimmed, absent when empty. */
export function searchTextQuery(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** An API query without its unset filters (they are left out instead of sent empty). */
export function definedQuery<T extends object>(query: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
