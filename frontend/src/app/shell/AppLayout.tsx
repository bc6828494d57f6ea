import { Outlet } from '@tanstack/react-router';
import { Layout, Typography, theme } from 'antd';
import { useServerAppName } from '@/features/constants/queries';
import { DocumentTitle } from './DocumentTitle';
import { displayAppName } from './appTitle';

/** SPEC section 9: toolbar height. */
const HEADER_HEIGHT = 72;

/**
 * The root route's frame: a header with the app name above the routed screen, and the
 * document title. The side menu, user menu and dialogs of SPEC section 2 belong here once
 * sign-in exists.
 */
export function AppLayout() {
  const appName = displayAppName(useServerAppName());
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <DocumentTitle />
      <Layout.Header
        style={{
          height: HEADER_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          paddingInline: token.paddingLG,
          background: token.colorPrimary,
        }}
      >
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
