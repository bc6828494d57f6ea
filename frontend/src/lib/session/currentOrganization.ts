import { parseId } from '@/lib/ids';
import { useStore } from '@/lib/store/createStore';
import { readSessionValue, writeSessionValue } from '@/lib/storage/sessionStorage';

// The organization the user currently acts in. Kept per tab (sessionStorage) so a system
// administrator can work on two organizations side by side, and read synchronously because
// the API client needs it for every /api/ request. Components follow it through
// `useCurrentOrganizationId`.
const KEY = 'organizationId';
const listeners = new Set<() => void>();

export function getCurrentOrganizationId(): number | null {
  const stored = readSessionValue(KEY);
  return stored === null ? null : parseId(stored);
}

export function setCurrentOrganizationId(id: number | null): void {
  if (id === getCurrentOrganizationId()) return;
  writeSessionValue(KEY, id === null ? null : String(id));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentOrganizationId(): number | null {
  return useStore({ get: getCurrentOrganizationId, subscribe });
}
