import { SESSION_STORAGE_PREFIX } from './sessionStorage';

// Preferences that outlive the tab (docs/product/shell.md: list page sizes) go to localStorage under
// the same prefix. A browser that refuses storage (private mode, quota) just forgets them.

export function readLocalValue(name: string): string | null {
  try {
    return localStorage.getItem(SESSION_STORAGE_PREFIX + name);
  } catch {
    return null;
  }
}

export function writeLocalValue(name: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(SESSION_STORAGE_PREFIX + name);
    else localStorage.setItem(SESSION_STORAGE_PREFIX + name, value);
  } catch {
    // Not kept; the default applies next time.
  }
}
