import { readSessionValue, writeSessionValue } from '@/lib/storage/sessionStorage';

/**
 * The check status screen keeps the store chosen on its map (per tab). docs/product/shell.md: choosing
 * the status entry of the side menu starts the screen afresh, without it.
 */
const KEY = 'statusMapSelection';

export function getStatusMapSelection(): string | null {
  return readSessionValue(KEY);
}

export function setStatusMapSelection(value: string | null): void {
  writeSessionValue(KEY, value);
}

export function clearStatusMapSelection(): void {
  writeSessionValue(KEY, null);
}
