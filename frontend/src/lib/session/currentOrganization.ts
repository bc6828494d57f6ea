import { parseId } from '@/lib/ids';
import { readSessionValue, writeSessionValue } from '@/lib/storage/sessionStorage';

// The organization the user currently acts in. Kept per tab (sessionStorage) so a system
// administrator can work on two organizations side by side, and read synchronously because
// the API client needs it for every /api/ request.
const KEY = 'organizationId';

export function getCurrentOrganizationId(): number | null {
  const stored = readSessionValue(KEY);
  return stored === null ? null : parseId(stored);
}

export function setCurrentOrganizationId(id: number | null): void {
  writeSessionValue(KEY, id === null ? null : String(id));
}
