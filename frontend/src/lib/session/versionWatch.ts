import { browser } from '@/lib/browser';

/**
 * docs/product/shell.md#shell-behaviour: when the server's version differs from the one this page loaded with, the
 * page reloads (a new release is out; its SPA must be used with its API).
 */
export function createVersionWatch(reload: () => void) {
  let loaded: string | null = null;
  return (version: string): boolean => {
    if (loaded === null || version === '') {
      loaded ||= version || null;
      return false;
    }
    if (version === loaded) return false;
    reload();
    return true;
  };
}

/** The app's watch, fed by every constants fetch. */
export const noteServerVersion = createVersionWatch(() => {
  browser.reload();
});
