import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HINT_COOKIE } from '@/lib/session/signedInHint';
import { signedInRoutes, signedOutRoutes, stubServer, sysAdmin } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { createAppRouter } from './router';

describe('router (signed in)', () => {
  beforeEach(() => {
    stubServer(signedInRoutes());
  });

  it('renders a deep route with its title, under the server app name', async () => {
    // The screen's own first card proves the route itself rendered.
    renderApp('/home/master');
    // The screen is a lazy chunk: on a busy machine its first import takes seconds.
    expect(await screen.findByRole('heading', { name: 'マスタ一括登録' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('ブックのダウンロードと取り込み')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'ルーダー' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('マスタ一括登録 | ルーダー');
    });
  });

  it('reads numeric parameters as numbers', async () => {
    const { router } = renderApp('/home/status/12/34');
    await screen.findByRole('heading', { name: 'チェック状況' });
    expect(router.state.matches.at(-1)?.params).toEqual({ facilityId: 12, checkListMasterId: 34 });
  });

  it.each(['/home/organization/abc', '/home/status/12/x', '/home/improvement/1.5', '/home/nowhere'])(
    'shows not found for %s',
    async (url) => {
      renderApp(url);
      expect(await screen.findByText('ページが見つかりません')).toBeInTheDocument();
      await waitFor(() => {
        expect(document.title).toMatch(/^ページが見つかりません \| /);
      });
    },
  );

  it('prefers a static segment over an id (/organization/add)', async () => {
    const { router } = renderApp('/home/organization/add');
    await waitFor(() => {
      expect(router.state.matches.at(-1)?.routeId).toBe('/organization/add');
    });
  });

  it.each([
    ['/home/improvement/', '/improvement/{-$improvementId}', {}],
    ['/home/improvement/5', '/improvement/{-$improvementId}', { improvementId: 5 }],
  ])('treats the improvement id as optional: %s', async (url, routeId, params) => {
    const { router } = renderApp(url);
    await screen.findByRole('heading', { name: '改善報告' });
    const match = router.state.matches.at(-1);
    expect(match?.routeId).toBe(routeId);
    expect(match?.params).toEqual(params);
  });

  it('keeps the check history period from the URL as text, digits only included', async () => {
    // A system administrator's screen (its route needs ROLE_SYSTEM_ADMIN).
    sessionStorage.setItem('rouder_organizationId', '1');
    stubServer(signedInRoutes(sysAdmin));
    const { router } = renderApp('/home/system/check_history/?historyDateFrom=20261101&historyDateTo=2026-11-30');
    await screen.findByRole('heading', { name: 'チェック履歴' });
    expect(router.state.location.search).toEqual({ historyDateFrom: '20261101', historyDateTo: '2026-11-30' });
  });

  it('redirects Home to the check status for an ordinary organization', async () => {
    const { router } = renderApp('/home/');
    await screen.findByRole('heading', { name: 'チェック状況' });
    expect(router.state.location.pathname).toBe('/status/');
    await waitFor(() => {
      expect(document.title).toBe('チェック状況 | ルーダー');
    });
  });

  it('falls back to ROUDER when the constants call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer({ ...signedInRoutes(), 'GET /api/const': { networkError: true } });
    renderApp('/home/master/');
    await screen.findByRole('heading', { name: 'マスタ一括登録' }, { timeout: 15_000 });
    await waitFor(() => {
      expect(document.title).toBe('マスタ一括登録 | ROUDER');
    });
    expect(screen.getByRole('heading', { name: 'ROUDER' })).toBeInTheDocument();
  });
});

describe('router (signed out)', () => {
  it('shows the login screen in place of a route, titled with the login prefix', async () => {
    const server = stubServer(signedOutRoutes());
    renderApp('/home/user/');
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    expect(screen.queryByText('この画面は準備中です。')).not.toBeInTheDocument();
    // Signed out is learned from /session_state (an answer); the call that would fail with a
    // 401, logged by the browser as an error, is never made.
    expect(server.calls('GET /session_state').length).toBeGreaterThan(0);
    expect(server.calls('GET /api/login_user')).toHaveLength(0);
    await waitFor(() => {
      expect(document.title).toBe('ログイン | ユーザー | ルーダー');
    });
  });

  it('shows the survey answer page without asking who is signed in', async () => {
    const server = stubServer(signedOutRoutes());
    const { router } = renderApp('/home/a/Ab3%2B%3D/x_y-z');
    expect(await screen.findByRole('heading', { name: 'アンケート回答' })).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.params).toMatchObject({ _splat: 'Ab3+=/x_y-z' });
    expect(server.calls('GET /api/login_user')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'ログイン' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('アンケート回答 | ルーダー');
    });
  });
});

describe('router (the server hints a session)', () => {
  beforeEach(() => {
    document.cookie = `${HINT_COOKIE}=2; Path=/`;
    return () => {
      document.cookie = `${HINT_COOKIE}=; Max-Age=0; Path=/`;
    };
  });

  it('asks who is signed in and the organization at once, not after /session_state', async () => {
    const server = stubServer(signedInRoutes());
    renderApp('/home/status/12/34');
    await screen.findByRole('heading', { name: 'チェック状況' });
    expect(server.calls('GET /session_state')).toHaveLength(0);
    expect(server.calls('GET /api/login_user').length).toBeGreaterThan(0);
    expect(server.calls('GET /api/enums').length).toBeGreaterThan(0);
    expect(document.cookie).toContain(`${HINT_COOKIE}=2`);
  });

  it('forgets a stale hint: one 401, then the login screen', async () => {
    const server = stubServer(signedOutRoutes());
    renderApp('/home/user/');
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    expect(server.calls('GET /api/login_user')).toHaveLength(1);
    expect(document.cookie).not.toContain(HINT_COOKIE);
  });
});

describe('route table', () => {
  it('gives every screen a title and lets only the survey answer page skip sign-in', () => {
    const router = createAppRouter({ queryClient: new QueryClient() });
    const ids = Object.keys(router.routesById) as (keyof typeof router.routesById)[];
    const screens = ids.filter((id) => id !== '__root__' && id !== '/');
    expect(screens).toHaveLength(38);
    for (const id of screens) {
      expect(router.routesById[id].options.staticData?.title, id).toBeTruthy();
    }
    expect(screens.filter((id) => router.routesById[id].options.staticData?.requiresAuth === false)).toEqual(['/a/$']);
  });
});
