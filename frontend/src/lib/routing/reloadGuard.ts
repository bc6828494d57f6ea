import { browser } from '@/lib/browser';
import { readSessionValue, writeSessionValue } from '@/lib/storage/sessionStorage';

/** docs/product/constants.md: a failed route load reloads the page at most once per this many ms. */
export const ROUTE_RELOAD_GUARD_MS = 10_000;
const KEY = 'routeReloadAt';

/**
 * A route whose code cannot be loaded (typically: a new release replaced the chunks this page
 * knows) reloads the page, which fetches the current ones. Returns false, without reloading,
 * when the last such reload was less than 10 s ago, so a broken release cannot loop.
 */
/** Whether a reload now would be allowed (the last one was 10 s ago or more). */
export function reloadAllowed(now = Date.now()): boolean {
  const last = Number(readSessionValue(KEY));
  return !(Number.isFinite(last) && last > 0 && now >= last && now - last < ROUTE_RELOAD_GUARD_MS);
}

export function reloadAfterLoadFailure(
  reload: () => void = () => {
    browser.reload();
  },
  now = Date.now(),
): boolean {
  if (!reloadAllowed(now)) return false;
  writeSessionValue(KEY, String(now));
  reload();
  return true;
}

/** Whether an error is a failed load of a route's code (a missing or unreachable chunk). */
export function isRouteLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}
