import { parseId } from '@/lib/ids';

// The server's hint cookie (named in the contract, backend/api/openapi.yaml /login, which the server's
// HintCookie and signedInHint.test.ts both assert): this browser was given a
// session, signed in to this organization (0: the system range). The session cookie itself is
// HttpOnly, so without the hint a page could only learn it was signed in by asking, one round trip
// before it could ask anything else. The hint grants nothing: a stale one costs one 401 and is
// forgotten.
export const HINT_COOKIE = 'rouder_signed_in';

export interface SignedInHint {
  /** The organization signed in to, or null for the system range. */
  organizationId: number | null;
}

/** The hint, or null when this browser was not given a session (or signed out). */
export function signedInHint(): SignedInHint | null {
  for (const part of document.cookie.split(';')) {
    const [name, value = ''] = part.trim().split('=');
    if (name === HINT_COOKIE) return { organizationId: parseId(value) || null };
  }
  return null;
}

/** Forgets a hint the server contradicted (its session is gone). */
export function forgetSignedInHint(): void {
  document.cookie = `${HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
