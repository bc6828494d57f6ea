import type { QueryClient } from '@tanstack/react-query';
import { constantsQueryOptions } from '@/features/constants/queries';
import { getCurrentOrganizationId } from '@/lib/session/currentOrganization';
import { signedInHint } from '@/lib/session/signedInHint';
import {
  enumsQueryOptions,
  loginUserQueryOptions,
  mfaRequiredQueryOptions,
  organizationOptionsQueryOptions,
  uniqueRangeQueryOptions,
} from './queries';

// Questions asked before the screens that show their answers have loaded, so that on a slow line
// the answer and the screen's code arrive together instead of one after the other
// (docs/benchmarks.md). The screens read the same queries; a failure is theirs to show.

const ignore = () => undefined;

/**
 * Who is signed in, and the server's constants: the first questions of every console page. When the
 * server's hint says this browser was given a session, the organization's lists and options too,
 * which would otherwise wait for the user's answer (asked without ORG_ID, the user's own
 * organization answers, as it will once the user is known). Returns whether the hint was there.
 */
export function askWhoIsSignedIn(queryClient: QueryClient): boolean {
  queryClient.query(loginUserQueryOptions).catch(ignore);
  queryClient.query(constantsQueryOptions).catch(ignore);
  const hint = signedInHint();
  if (!hint) return false;
  const organizationId = getCurrentOrganizationId() ?? hint.organizationId;
  if (organizationId !== null) {
    queryClient.query(enumsQueryOptions(organizationId)).catch(ignore);
    queryClient.query(organizationOptionsQueryOptions(organizationId)).catch(ignore);
  }
  return true;
}

/** What the sign-in screen asks: the sign-in mode, and whether an e-mail code is awaited. */
export function askForSignIn(queryClient: QueryClient): void {
  queryClient.query(uniqueRangeQueryOptions).catch(ignore);
  queryClient.query(mfaRequiredQueryOptions).catch(ignore);
}
