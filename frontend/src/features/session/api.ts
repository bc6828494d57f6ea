import { api } from '@/lib/api/client';
import type { ApiOutcome } from '@/lib/api/outcome';
import { send } from '@/lib/api/send';
import type { LoginRequest, PasswordChange } from '@/lib/api/types';

// The session calls of SPEC section 7. Login and the e-mail code answer 401 for a refused
// attempt, which is not an expired session.

export type UniqueRange = 'SYSTEM' | 'ORGANIZATION';

/** GET /unique_range (text). ORGANIZATION when unknown: the default of SPEC section 6. */
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

export function login(body: LoginRequest): Promise<ApiOutcome<{ mfaRequired: boolean }>> {
  return send(() => api.POST('/login', { body }), { unauthorizedIsAnswer: true });
}

export function authenticateMfa(code: string): Promise<ApiOutcome<unknown>> {
  return send(() => api.POST('/api/mfa/authenticate', { body: { code } }), { unauthorizedIsAnswer: true });
}

/** POST /logout. SPEC section 7: status 200 means success. */
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
