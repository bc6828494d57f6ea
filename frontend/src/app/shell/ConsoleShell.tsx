import { BankOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Button, Flex, Layout, Tag, Typography, theme } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useImprovementWaiting } from '@/features/improvement/queries';
import { initialisePush } from '@/features/notifications/push';
import { MaintenanceGate } from '@/features/maintenance/MaintenanceGate';
import { useLogout, type Session } from '@/features/session/session';
import { tokyoToday } from '@/lib/time/today';
import { displayAppName } from './appTitle';
import { environmentBadge } from './environment';
import { DRAWER_WIDTH, RAIL_WIDTH, TOOLBAR_HEIGHT } from './layout';
import { LazyDialog } from './LazyDialog';
import { Logo } from './Logo';
import { RouteAccess } from './RouteAccess';
import { SideMenu } from './menu/SideMenu';
import { hasAffiliatedStore, homePath, visibleMenu } from './menu/menuModel';
import { useIsMobile } from './useIsMobile';
import { UserMenu } from './UserMenu';
import { lazyNamed } from '@/lib/lazyNamed';


type Dialog = 'organization' | 'password' | 'notifications' | 'support' | null;

/** Out of sight but still read by assistive technology. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

const OrganizationDialog = lazyNamed(() => import('@/features/session/OrganizationDialog'), 'OrganizationDialog');
const PasswordChangeDialog = lazyNamed(() => import('@/features/session/PasswordChangeDialog'), 'PasswordChangeDialog');
const NotificationSettingsDialog = lazyNamed(() => import('@/features/notifications/NotificationSettings'), 'NotificationSettingsDialog');
const SupportDialog = lazyNamed(() => import('@/features/support/SupportDialog'), 'SupportDialog');
// The phone's menu drawer: fetched after the first render on a phone (so the first tap opens it at
// once), never on a desktop.
const loadMenuDrawer = () => import('./MenuDrawer');
const MenuDrawer = lazyNamed(loadMenuDrawer, 'MenuDrawer');

interface Props {
  session: Session & { user: NonNullable<Session['user']> };
  /** The routed screen. */
  children: ReactNode;
}

/**
 * The signed-in console: toolbar (menu button, logo and name, environment badge, organization
 * switch for system admins, user menu), the side menu (a drawer that can fold to a rail on
 * desktop, a temporary drawer on a phone), the screen, and the shell's dialogs.
 */
export function ConsoleShell({ session, children }: Props) {
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const logout = useLogout();
  const { user, constants, enums, organizationId, options } = session;

  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => {
    if (isMobile) void loadMenuDrawer();
  }, [isMobile]);
  const [dialog, setDialog] = useState<Dialog>(null);
  usePushStartup(user.userId);

  const today = tokyoToday();
  const menuContext = useMemo(
    () => ({
      roles: user.roleList,
      isSystemAdmin: user.isSystemAdmin,
      hasFacility: hasAffiliatedStore(user.facilityId),
      ownOrganizationId: user.organizationId,
      selectedOrganizationId: organizationId,
      systemOrganizationId: constants?.systemOrganizationId ?? null,
      options: options ?? null,
      today,
    }),
    [user, organizationId, constants, options, today],
  );
  const menu = useMemo(() => visibleMenu(menuContext), [menuContext]);
  const waiting = useImprovementWaiting(menu.some((entry) => entry.key === 'improvement'), organizationId);

  useHomeRedirect(session, homePath(menuContext));

  const badge = environmentBadge(constants?.envName);
  const sideMenu = (
    <SideMenu
      entries={menu}
      badges={{ improvement: waiting }}
      collapsed={!isMobile && collapsed}
      onNavigate={() => {
        setDrawerOpen(false);
      }}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          height: TOOLBAR_HEIGHT,
          lineHeight: `${TOOLBAR_HEIGHT}px`,
          display: 'flex',
          alignItems: 'center',
          gap: token.marginXS,
          paddingInline: isMobile ? token.paddingXS : token.paddingMD,
          background: token.colorPrimary,
          color: token.colorWhite,
        }}
      >
        <Button
          type="text"
          aria-label="メニュー"
          style={{ color: 'inherit' }}
          icon={isMobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => {
            if (isMobile) setDrawerOpen(true);
            else setCollapsed((value) => !value);
          }}
        />
        {/* On a phone the mark stands for the name (said to assistive technology only), so that the
            organization switch beside it has room to be read. */}
        <Flex align="center" gap="small" style={{ minWidth: 0, flex: isMobile ? '1 0 auto' : 1 }}>
          <Logo size={32} inverted />
          <Typography.Title
            level={1}
            ellipsis
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading4,
              color: token.colorWhite,
              minWidth: 0,
              ...(isMobile ? VISUALLY_HIDDEN : {}),
            }}
          >
            {displayAppName(constants?.appName)}
          </Typography.Title>
          {badge && (
            <Tag color={badge.color} variant="solid" style={{ marginInlineEnd: 0 }} data-testid="environment-badge">
              {badge.label}
            </Tag>
          )}
        </Flex>
        {user.isSystemAdmin && (
          <Button
            type="text"
            icon={<BankOutlined />}
            aria-label="組織切替"
            title="組織切替"
            // On a phone it takes the room left beside the mark and the user menu.
            style={{
              color: 'inherit',
              maxWidth: 280,
              minWidth: 0,
              flex: '0 1 auto',
              ...(isMobile ? { paddingInline: token.paddingXS } : {}),
            }}
            onClick={() => {
              setDialog('organization');
            }}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{session.organizationName ?? '未選択'}</span>
          </Button>
        )}
        <UserMenu
          user={user}
          compact={isMobile}
          onChangePassword={() => {
            setDialog('password');
          }}
          onNotifications={() => {
            setDialog('notifications');
          }}
          onSupport={() => {
            setDialog('support');
          }}
          onLogout={() => void logout()}
        />
      </Layout.Header>
      <Layout hasSider={!isMobile}>
        {isMobile ? (
          <LazyDialog
            component={MenuDrawer}
            open={drawerOpen}
            onClose={() => {
              setDrawerOpen(false);
            }}
            title={displayAppName(constants?.appName)}
          >
            {sideMenu}
          </LazyDialog>
        ) : (
          <Layout.Sider
            width={DRAWER_WIDTH}
            collapsedWidth={RAIL_WIDTH}
            collapsed={collapsed}
            trigger={null}
            theme="light"
            style={{
              position: 'sticky',
              top: TOOLBAR_HEIGHT,
              height: `calc(100vh - ${TOOLBAR_HEIGHT}px)`,
              overflowY: 'auto',
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <nav aria-label="メインメニュー">{sideMenu}</nav>
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: isMobile ? token.paddingSM : token.paddingLG, minWidth: 0 }}>
          <MaintenanceGate systemAdmin={user.isSystemAdmin}>
            <RouteAccess context={menuContext} optionsSettled={session.optionsSettled}>
              {children}
            </RouteAccess>
          </MaintenanceGate>
        </Layout.Content>
      </Layout>
      <LazyDialog
        component={OrganizationDialog}
        open={session.needsOrganization || dialog === 'organization'}
        organizations={enums?.organizationList}
        current={organizationId}
        onClose={() => {
          setDialog(null);
        }}
      />
      <LazyDialog
        component={PasswordChangeDialog}
        open={dialog === 'password'}
        userId={user.userId}
        onClose={() => {
          setDialog(null);
        }}
      />
      <LazyDialog
        component={NotificationSettingsDialog}
        open={dialog === 'notifications'}
        onClose={() => {
          setDialog(null);
        }}
      />
      <LazyDialog
        component={SupportDialog}
        open={dialog === 'support'}
        onClose={() => {
          setDialog(null);
        }}
      />
    </Layout>
  );
}

/**
 * docs/product/shell.md: on Home, once the organization and its options are known, go on to the
 * organization list (system organization), a store's open checks, or the check status (homePath).
 */
function useHomeRedirect(session: Props['session'], home: string) {
  const navigate = useNavigate();
  const onHome = useIsHome();
  const { organizationId, constants, optionsSettled } = session;
  useEffect(() => {
    if (!onHome || organizationId === null || !constants || !optionsSettled) return;
    void navigate({ to: home, replace: true });
  }, [onHome, organizationId, constants, optionsSettled, navigate, home]);
}

function useIsHome(): boolean {
  return useRouterState({ select: (state) => state.matches.at(-1)?.routeId === '/' });
}

/**
 * SPEC's start-up step "initialise push with the user": once per signed-in user, a browser that
 * already allowed notifications re-registers its subscription for that user (push.ts).
 */
function usePushStartup(userId: number) {
  useEffect(() => {
    void initialisePush().catch(() => undefined); // push is a convenience; the console works without it
  }, [userId]);
}
