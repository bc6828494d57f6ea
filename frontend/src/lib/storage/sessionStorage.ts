/** Every key this app keeps in sessionStorage starts with this (docs/product/constants.md). */
export const SESSION_STORAGE_PREFIX = 'rouder_';

export function readSessionValue(name: string): string | null {
  return sessionStorage.getItem(SESSION_STORAGE_PREFIX + name);
}

export function writeSessionValue(name: string, value: string | null): void {
  if (value === null) sessionStorage.removeItem(SESSION_STORAGE_PREFIX + name);
  else sessionStorage.setItem(SESSION_STORAGE_PREFIX + name, value);
}
