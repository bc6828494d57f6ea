import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useToasts } from '@/app/feedback/useToasts';
import { constantsKey, useConstants } from '@/features/constants/queries';
import { SUCCESS_TOAST_MS } from '@/lib/api/messages';
import type { Constants, Enums, LoginUser, OrganizationOptions } from '@/lib/api/types';
import {
  getCurrentOrganizationId,
  setCurrentOrganizationId,
  useCurrentOrganizationId,
} from '@/lib/session/currentOrganization';
import { dropDrafts } from '@/lib/session/editorDrafts';
import { setFormChanged } from '@/lib/session/formChanged';
import { setPageTitle } from '@/lib/session/pageTitle';
import { forgetSignedInHint } from '@/lib/session/signedInHint';
import { clearSearchStates } from '@/lib/routing/searchState';
import { useChangeMutation } from '@/shared/editor/records';
import { logout as postLogout, resendMfaCode } from './api';
import {
  enumsQueryOptions,
  fetchLoginUser,
  loginUserQueryOptions,
  organizationOptionsQueryOptions,
  sessionKeys,
} from './queries';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

export interface Session {
  status: SessionStatus;
  user: LoginUser | null;
  constants: Constants | undefined;
  enums: Enums | undefined;
  /** The organization the console acts in (chosen by a system admin, else the user's own). */
  organizationId: number | null;
  /** A system admin who has not chosen an organization yet (docs/product/constants.md). */
  needsOrganization: boolean;
  options: OrganizationOptions | undefined;
  /** The options were answered (or failed); the Home redirect waits for this. */
  optionsSettled: boolean;
  /** The acting organization's name, from the enums; null while unknown. */
  organizationName: string | null;
}

/**
 * The signed-in state of docs/product/constants.md, read from the query cache: the user first; then, when
 * there is one, the enums; then, once an organization is known, its options. `enabled: false`
 * reads without asking the server (routes that need no sign-in).
 */
export function useSession({ enabled = true }: { enabled?: boolean } = {}): Session {
  const userQuery = useQuery({ ...loginUserQueryOptions, enabled });
  const user = userQuery.data ?? null;
  const organizationId = useCurrentOrganizationId();
  const constants = useConstants();
  const enums = useQuery({ ...enumsQueryOptions(organizationId), enabled: user !== null }).data;
  const optionsQuery = useQuery({
    ...organizationOptionsQueryOptions(organizationId ?? 0),
    enabled: user !== null && organizationId !== null,
  });
  const status: SessionStatus = user ? 'signedIn' : userQuery.isPending ? 'loading' : 'signedOut';
  return {
    status,
    user,
    constants,
    enums,
    organizationId,
    needsOrganization: user?.isSystemAdmin === true && organizationId === null,
    options: optionsQuery.data,
    optionsSettled: !optionsQuery.isPending,
    organizationName: enums?.organizationList.find((entry) => entry.value === organizationId)?.title ?? null,
  };
}

/**
 * After a password (and, if asked, e-mail code) sign-in: learn who signed in. The tab's chosen
 * organization is kept only for a system administrator (a session that timed out and signed in
 * again keeps working where it was); anyone else acts in their own.
 */
export async function completeSignIn(queryClient: QueryClient): Promise<void> {
  // The user is asked without the tab's organization: a stale one would be refused.
  const previous = getCurrentOrganizationId();
  setCurrentOrganizationId(null);
  let user: LoginUser | null;
  try {
    user = await fetchLoginUser();
  } catch (error) {
    setCurrentOrganizationId(previous);
    throw error;
  }
  if (user?.isSystemAdmin && previous !== null) setCurrentOrganizationId(previous);
  // Forms kept when a session expired are offered back only to the user who typed them: another
  // user signing in on this tab drops them.
  if (user) dropDrafts({ organizationId: user.organizationId, userId: user.userId });
  queryClient.setQueryData(sessionKeys.mfaRequired, false);
  queryClient.setQueryData(sessionKeys.loginUser, user);
}

/**
 * docs/product/errors.md: a 401 clears the user and the enums, which shows the login screen. Returns
 * false when nobody was signed in (several calls failing at once report once).
 */
export function expireSession(queryClient: QueryClient): boolean {
  forgetSignedInHint(); // the server said the session is gone, whatever the page showed
  if (!queryClient.getQueryData(sessionKeys.loginUser)) return false;
  queryClient.setQueryData(sessionKeys.loginUser, null);
  queryClient.removeQueries({ queryKey: ['session', 'enums'] });
  return true;
}

/** What is kept across a logout: the public answers (constants are asked again right away). */
const KEPT_AFTER_LOGOUT = new Set(['constants', 'uniqueRange']);

/**
 * docs/product/shell.md#shell-behaviour: after logout, nothing of the user stays: user, enums, options, organization,
 * title, unsaved-form flag, forms kept from an expired session, kept searches and every cached answer; the
 * constants are asked again.
 */
export function resetAfterLogout(queryClient: QueryClient): void {
  forgetSignedInHint();
  dropDrafts();
  setFormChanged(null);
  setPageTitle(null);
  setCurrentOrganizationId(null);
  clearSearchStates();
  queryClient.setQueryData(sessionKeys.loginUser, null);
  queryClient.setQueryData(sessionKeys.mfaRequired, false);
  queryClient.removeQueries({
    predicate: (query) => {
      const [head, second] = query.queryKey;
      if (head === 'session') return second !== 'loginUser' && second !== 'mfaRequired';
      return typeof head !== 'string' || !KEPT_AFTER_LOGOUT.has(head);
    },
  });
  void queryClient.invalidateQueries({ queryKey: constantsKey });
}

/** A new e-mail code for the second step; a success reads the session state again (its new expiry). */
export function useResendMfaCode() {
  return useChangeMutation([sessionKeys.state], resendMfaCode);
}

export const LOGGED_OUT = 'ログアウトしました。';
export const LOGOUT_FAILED = 'ログアウトできませんでした。';

/** Logout from the user menu: POST, then reset, toast at the top (not dismissible) and go to '/'. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toasts = useToasts();
  return useCallback(
    async ({ silent = false }: { silent?: boolean } = {}) => {
      if (!(await postLogout())) {
        toasts.toast({ kind: 'error', text: LOGOUT_FAILED });
        return false;
      }
      resetAfterLogout(queryClient);
      if (!silent) toasts.toast({ kind: 'success', text: LOGGED_OUT, durationMs: SUCCESS_TOAST_MS }, { dismissible: false });
      await navigate({ to: '/' });
      return true;
    },
    [navigate, queryClient, toasts],
  );
}
