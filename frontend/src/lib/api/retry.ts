import { ApiError } from './send';

/**
 * Whether a failed read is worth another try: a refusal the server gave on purpose (4xx: signed out,
 * not allowed, not found, bad input) is shown at once — retrying would only keep the user waiting for
 * the screen that says so —; a lost connection or a server fault is tried again up to three times.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code >= 400 && error.code < 500) return false;
  return failureCount < 3;
}
