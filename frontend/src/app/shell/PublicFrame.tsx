import { Outlet } from '@tanstack/react-router';
import { Layout, Typography, theme } from 'antd';
import { useServerAppName } from '@/features/constants/queries';
import { displayAppName } from './appTitle';
import { TOOLBAR_HEIGHT } from './layout';
import { Logo } from './Logo';

/** Routes without sign-in: the app name above the screen, no menu. */
export function PublicFrame() {
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
