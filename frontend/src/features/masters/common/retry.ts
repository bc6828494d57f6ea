import { ApiError } from '@/lib/api/send';

/**
 * Query retry of the master screens: a refusal the server gave on purpose (4xx: not allowed,
 * not found, NO_TERMINAL) is shown at once; other failures are tried again up to three times.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code >= 400 && error.code < 500) return false;
  return failureCount < 3;
}
