import * as z from 'zod/mini';

// The search state of a list screen (docs/product/shell.md: a list's query parameters are its search
// state, kept in the URL and after each navigation). Every parameter has a fallback, so a
// hand-edited or outdated URL opens the list instead of failing; defaults are left out of the URL.
// Written with zod's small functional build (zod/mini), as every route's search schema is: the
// routes are in the entry chunk every page loads first, and zod's chained build weighs some 60 kB
// gzip there (docs/benchmarks.md). Form schemas, loaded with their screens, use the chained build.

/** Longest search text sent to the server; anything longer is cut. */
export const MAX_SEARCH_TEXT = 200;

/**
 * Free text. The router reads `?searchText=123` as the number 123 (it writes text with quotes,
 * so only a hand-typed URL does this): it is still text.
 */
export const searchTextParam = z.catch(
  z._default(
    z.pipe(
      z.pipe(
        z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
        z.string(),
      ),
      z.transform((value: string) => value.slice(0, MAX_SEARCH_TEXT)),
    ),
    '',
  ),
  '',
);

/** A Tokyo date as the URL keeps it (text, docs/product/shell.md), e.g. 2026-11-25. */
export const dateParam = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

/** Page number from 1. */
export const pageParam = z.catch(z._default(z.int().check(z.minimum(1)), 1), 1);

/** Rows per page when the URL says so; otherwise the stored preference applies. */
export const sizeParam = z.catch(z.optional(z.int().check(z.minimum(1), z.maximum(100))), undefined);

/** An optional id filter (group, tag, store). */
export const idParam = z.catch(z.optional(z.int().check(z.positive())), undefined);

/** A yes/no switch, `fallback` when absent or unreadable. */
export function flagParam(fallback: boolean) {
  return z.catch(z._default(z.boolean(), fallback), fallback);
}

export const descendingParam = flagParam(false);

/** One of `values`, or none. */
export function optionalEnumParam<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.catch(z.optional(z.enum(values)), undefined);
}

/** One of `keys`, else `fallback`. */
export function sortParam<const Keys extends readonly [string, ...string[]]>(keys: Keys, fallback: Keys[number]) {
  return z.catch(z._default(z.enum(keys), fallback), fallback);
}

/** The fields every paged list has. */
export const pagedListSearch = {
  searchText: searchTextParam,
  page: pageParam,
  size: sizeParam,
};

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
