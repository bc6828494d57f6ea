import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';

/**
 * docs/product/shell.md: list screens keep these query parameters as text. The router's default reads
 * `fromDate=20261101` as the number 20261101 and would write a text "20261101" back with JSON
 * quotes; for these keys the value stays the string that is in the URL, both ways.
 */
export const TEXT_SEARCH_KEYS: ReadonlySet<string> = new Set([
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
]);

/** The router's `parseSearch`: JSON-ish values, except the text keys. */
export function parseSearch(searchStr: string): Record<string, unknown> {
  const parsed: Record<string, unknown> = defaultParseSearch(searchStr);
  const raw = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  for (const key of new Set(raw.keys())) {
    if (!TEXT_SEARCH_KEYS.has(key)) continue;
    const values = raw.getAll(key);
    parsed[key] = values.length === 1 ? values[0] : values;
  }
  return parsed;
}

/** The router's `stringifySearch`: the inverse of `parseSearch`, keeping key order. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined) continue;
    if (TEXT_SEARCH_KEYS.has(key) && typeof value === 'string') {
      params.append(key, value);
      continue;
    }
    // One key at a time through the default, so every other value is written as usual.
    for (const [k, v] of new URLSearchParams(defaultStringifySearch({ [key]: value }).slice(1))) params.append(k, v);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
