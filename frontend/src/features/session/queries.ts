import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { send, ApiError, fetchData } from '@/lib/api/send';
import type { LoginUser } from '@/lib/api/types';
import { getCurrentOrganizationId, setCurrentOrganizationId } from '@/lib/session/currentOrganization';
import { forgetSignedInHint, signedInHint } from '@/lib/session/signedInHint';
import { fetchMfaRequired, fetchSessionState, fetchUniqueRange } from './api';

export const sessionKeys = {
  uniqueRange: ['uniqueRange'] as const,
  mfaRequired: ['session', 'mfaRequired'] as const,
  state: ['session', 'state'] as const,
  loginUser: ['session', 'loginUser'] as const,
  enums: (organizationId: number | null) => ['session', 'enums', organizationId] as const,
  /** Every organization's options (the prefix of organizationOptions). */
  organizationOptionsAll: ['session', 'organizationOptions'] as const,
  organizationOptions: (organizationId: number) => ['session', 'organizationOptions', organizationId] as const,
  supportFiles: ['session', 'supportFiles'] as const,
};

export const uniqueRangeQueryOptions = queryOptions({
  queryKey: sessionKeys.uniqueRange,
  queryFn: fetchUniqueRange,
  staleTime: Infinity,
});

export const mfaRequiredQueryOptions = queryOptions({
  queryKey: sessionKeys.mfaRequired,
  queryFn: fetchMfaRequired,
  staleTime: Infinity,
  retry: false,
});

/**
 * A user who is not a system administrator always acts in their own organization: set it as
 * soon as the user is known, so the following /api/ calls carry it as ORG_ID.
 */
function adoptOrganization(user: LoginUser): void {
  if (!user.isSystemAdmin) setCurrentOrganizationId(user.organizationId);
}

const getLoginUser = () => send(() => api.GET('/api/login_user'), { unauthorizedIsAnswer: true });

/** GET /session_state, for the e-mail code step: where the code went and until when. */
export const sessionStateQueryOptions = queryOptions({
  queryKey: sessionKeys.state,
  queryFn: fetchSessionState,
  staleTime: 0,
  retry: false,
});

/**
 * The signed-in user, or null when signed out. Unless the server's hint says this browser was given
 * a session (lib/session/signedInHint), /session_state is asked first, so a signed-out page never
 * asks GET /api/login_user (whose 401 the browser would log as a failed request); a 401 from it is
 * still the answer "nobody", not an error, and forgets the hint. A 403 while this tab holds an
 * organization means that organization is not this user's (another user signed in here): it is
 * forgotten and the question asked again.
 */
export async function fetchLoginUser(): Promise<LoginUser | null> {
  if (!signedInHint()) {
    const state = await fetchSessionState();
    if (state !== null && !state.signedIn) return null;
  }
  let outcome = await getLoginUser();
  if (!outcome.ok && outcome.failure.code === 403 && getCurrentOrganizationId() !== null) {
    setCurrentOrganizationId(null);
    outcome = await getLoginUser();
  }
  if (outcome.ok) {
    adoptOrganization(outcome.data);
    return outcome.data;
  }
  if (outcome.failure.code === 401) {
    forgetSignedInHint();
    return null;
  }
  throw new ApiError(outcome.failure);
}

/** Asked once per page; sign-in, logout and expiry update it themselves. */
export const loginUserQueryOptions = queryOptions({
  queryKey: sessionKeys.loginUser,
  queryFn: fetchLoginUser,
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
});

/** GET /api/enums for the organization acted in (the key names it; ORG_ID carries it). */
export const enumsQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: sessionKeys.enums(organizationId),
    queryFn: () => fetchData(() => api.GET('/api/enums')),
    staleTime: Infinity,
  });

/** GET /api/login_user/organization: the options of the organization acted in. */
export const organizationOptionsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: sessionKeys.organizationOptions(organizationId),
    queryFn: () => fetchData(() => api.GET('/api/login_user/organization')),
    staleTime: Infinity,
  });
