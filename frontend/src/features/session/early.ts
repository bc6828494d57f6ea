import type { QueryClient } from '@tanstack/react-query';
import { constantsQueryOptions } from '@/features/constants/queries';
import { loginUserQueryOptions, mfaRequiredQueryOptions, uniqueRangeQueryOptions } from './queries';

// Questions asked before the screens that show their answers have loaded, so that on a slow line
// the answer and the screen's code arrive together instead of one after the other
// (docs/benchmarks.md). The screens read the same queries; a failure is theirs to show.

const ignore = () => undefined;

/** Who is signed in, and the server's constants: the first questions of every console page. */
export function askWhoIsSignedIn(queryClient: QueryClient): void {
  queryClient.query(loginUserQueryOptions).catch(ignore);
  queryClient.query(constantsQueryOptions).catch(ignore);
}

/** What the sign-in screen asks: the sign-in mode, and whether an e-mail code is awaited. */
export function askForSignIn(queryClient: QueryClient): void {
  queryClient.query(uniqueRangeQueryOptions).catch(ignore);
  queryClient.query(mfaRequiredQueryOptions).catch(ignore);
}
