import { api } from '@/lib/api/client';
import type { ApiOutcome } from '@/lib/api/outcome';
import { send } from '@/lib/api/send';
import type { LoginRequest, PasswordChange, SessionState } from '@/lib/api/types';

// The session calls of docs/product/errors.md. Login and the e-mail code answer 401 for a refused
// attempt, which is not an expired session.

export type UniqueRange = 'SYSTEM' | 'ORGANIZATION';

/** GET /unique_range (text). ORGANIZATION when unknown: the default of docs/authorities.md. */
export async function fetchUniqueRange(): Promise<UniqueRange> {
  try {
    const { data, response } = await api.GET('/unique_range', { parseAs: 'text' });
    return response.ok && data?.trim() === 'SYSTEM' ? 'SYSTEM' : 'ORGANIZATION';
  } catch {
    return 'ORGANIZATION';
  }
}

/** GET /mfa_required: whether this browser's sign-in waits for the e-mail code. */
export async function fetchMfaRequired(): Promise<boolean> {
  const outcome = await send(() => api.GET('/mfa_required'), { unauthorizedIsAnswer: true });
  return outcome.ok && outcome.data;
}

/**
 * GET /session_state: whether this browser is signed in, asked before /api/login_user so a
 * signed-out first load makes no request that fails (no 401 in the browser's console). When it
 * cannot be asked (an older server, a network error) the answer is null and the caller asks
 * /api/login_user as before.
 */
export async function fetchSessionState(): Promise<SessionState | null> {
  try {
    const outcome = await send(() => api.GET('/session_state'), { unauthorizedIsAnswer: true });
    return outcome.ok ? outcome.data : null;
  } catch {
    return null;
  }
}

/** POST /api/mfa/resend: a new e-mail code in place of the current one (at most once a minute). */
export function resendMfaCode(): Promise<ApiOutcome<unknown>> {
  return send(() => api.POST('/api/mfa/resend'), { unauthorizedIsAnswer: true });
}

export function login(body: LoginRequest): Promise<ApiOutcome<{ mfaRequired: boolean }>> {
  return send(() => api.POST('/login', { body }), { unauthorizedIsAnswer: true });
}

export function authenticateMfa(code: string): Promise<ApiOutcome<unknown>> {
  return send(() => api.POST('/api/mfa/authenticate', { body: { code } }), { unauthorizedIsAnswer: true });
}

/** POST /logout. docs/product/errors.md: status 200 means success. */
export async function logout(): Promise<boolean> {
  try {
    const { response } = await api.POST('/logout');
    return response.status === 200;
  } catch {
    return false;
  }
}

export const PASSWORD_CHANGED = 'パスワードを変更しました。';
export const PASSWORD_CHANGE_FAILED = 'パスワードの変更に失敗しました。';

export function changePassword(userId: number, body: PasswordChange): Promise<ApiOutcome<unknown>> {
  return send(() => api.PUT('/api/user/{userId}/password', { params: { path: { userId } }, body }), {
    successText: PASSWORD_CHANGED,
    errorPrefix: PASSWORD_CHANGE_FAILED,
  });
}
