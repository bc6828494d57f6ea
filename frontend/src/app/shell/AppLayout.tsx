import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { prefetchFeedbackHosts } from '@/app/feedback/hosts';
import { askForSignIn } from '@/features/session/early';
import { useSession } from '@/features/session/session';
import { PageSpin } from '@/app/plain/Spin';
import { lazyAntd } from '@/app/providers/lazyAntd';
import { DocumentTitle } from './DocumentTitle';
import { ConsoleShell, preloadConsoleShell } from './lazyShell';
import { LeaveGuard } from './LeaveGuard';
import { SessionEvents } from './SessionEvents';
import { useSearchStateRecorder } from './useSearchStateRecorder';
import { lazyNamed } from '@/lib/lazyNamed';

// The console shell (lazyShell.ts), the login screen and the public pages' frame are chunks of
// their own: a visit needs one of them. The login screen draws without antd; the others load it.
const PublicFrame = lazyAntd(() => import('./PublicFrame'), 'PublicFrame');
const LoginScreen = lazyNamed(() => import('@/features/session/LoginScreen'), 'LoginScreen');

/** docs/product/shell.md: a route needs sign-in unless it says otherwise. */
function useRequiresAuth(): boolean {
  return useMatches({ select: (matches) => matches.every((match) => match.staticData.requiresAuth !== false) });
}

/**
 * The root route's frame. On a route that needs sign-in: a spinner while the user is asked for,
 * the login screen when nobody is signed in, else the console shell around the screen. Public
 * routes (the survey answer page) get a plain header and never ask who is signed in.
 */
export function AppLayout() {
  const requiresAuth = useRequiresAuth();
  const session = useSession({ enabled: requiresAuth });
  useSearchStateRecorder();
  const loginShown = requiresAuth && session.status === 'signedOut';
  usePrefetchSignIn(loginShown);
  usePrefetchFeedbackHosts(session.user !== null);

  let body;
  if (!requiresAuth) body = <PublicFrame />;
  else if (session.user) body = <ConsoleShell session={{ ...session, user: session.user }}><Outlet /></ConsoleShell>;
  else if (session.status === 'loading') body = <PageSpin />;
  else body = <SignIn />;

  return (
    <>
      <DocumentTitle login={loginShown} />
      <SessionEvents />
      <LeaveGuard />
      <Suspense fallback={<PageSpin />}>{body}</Suspense>
    </>
  );
}

/**
 * What the sign-in screen asks the server, asked for as soon as nobody is known to be signed in: it
 * arrives while the screen's code is still on its way, instead of after it (docs/benchmarks.md).
 */
function usePrefetchSignIn(loginShown: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!loginShown) return;
    askForSignIn(queryClient);
  }, [loginShown, queryClient]);
}

/**
 * Runs `fetch` in a task of its own once `due` (after the render that made it due has committed): code
 * fetched for later, behind what the page shows now.
 */
function useFetchLater(due: boolean, fetch: () => void) {
  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(fetch, 0);
    return () => {
      window.clearTimeout(timer);
    };
  }, [due, fetch]);
}

const fetchForSignedIn = () => {
  preloadConsoleShell();
  prefetchFeedbackHosts();
};

/**
 * Signed in, the toast and dialog hosts are fetched once the first screen's code is in (the router is
 * idle): not sooner, so that they do not share a slow line with it (the sign-in screen fetches them
 * itself).
 */
function usePrefetchFeedbackHosts(signedIn: boolean) {
  const routerIdle = useRouterState({ select: (state) => state.status === 'idle' });
  useFetchLater(signedIn && routerIdle, prefetchFeedbackHosts);
}

/**
 * The sign-in screen. Once it shows (the effect runs when the lazy screen has loaded and committed),
 * the shell and the toast and dialog hosts are fetched for after sign-in: not sooner, so that their
 * download does not share a slow line with the sign-in screen's (docs/benchmarks.md). Signed in,
 * rendering the shell loads it.
 */
function SignIn() {
  useFetchLater(true, fetchForSignedIn);
  return <LoginScreen />;
}
