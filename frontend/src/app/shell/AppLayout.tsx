import { Outlet, useMatches } from '@tanstack/react-router';
import { Flex, Layout, Spin, Typography, theme } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useServerAppName } from '@/features/constants/queries';
import { useSession } from '@/features/session/session';
import { displayAppName } from './appTitle';
import { DocumentTitle } from './DocumentTitle';
import { TOOLBAR_HEIGHT } from './layout';
import { LeaveGuard } from './LeaveGuard';
import { Logo } from './Logo';
import { SessionEvents } from './SessionEvents';
import { useSearchStateRecorder } from './useSearchStateRecorder';

// The console shell and the login screen are chunks of their own: a visit needs one of them,
// and public pages neither. The shell is fetched while the user is being asked for.
const loadConsoleShell = () => import('./ConsoleShell');
const ConsoleShell = lazy(() => loadConsoleShell().then((module) => ({ default: module.ConsoleShell })));
const LoginScreen = lazy(() =>
  import('@/features/session/LoginScreen').then((module) => ({ default: module.LoginScreen })),
);

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
  useEffect(() => {
    if (requiresAuth) void loadConsoleShell();
  }, [requiresAuth]);

  let body;
  if (!requiresAuth) body = <PublicFrame />;
  else if (session.user) body = <ConsoleShell session={{ ...session, user: session.user }}><Outlet /></ConsoleShell>;
  else if (session.status === 'loading') body = <FullPageSpin />;
  else body = <LoginScreen />;

  return (
    <>
      <DocumentTitle login={loginShown} />
      <SessionEvents />
      <LeaveGuard />
      <Suspense fallback={<FullPageSpin />}>{body}</Suspense>
    </>
  );
}

function FullPageSpin() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

/** Routes without sign-in: the app name above the screen, no menu. */
function PublicFrame() {
  const appName = displayAppName(useServerAppName());
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          height: TOOLBAR_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: token.marginSM,
          paddingInline: token.paddingLG,
          background: token.colorPrimary,
        }}
      >
        <Logo size={32} inverted />
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4, color: token.colorWhite }}>
          {appName}
        </Typography.Title>
      </Layout.Header>
      <Layout.Content style={{ padding: token.paddingMD }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
