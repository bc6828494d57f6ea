import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/renderApp';

const constants = {
  version: '1',
  envName: 'LOCAL',
  appName: 'ルーダー',
  systemOrganizationId: 1,
  systemGroupId: 1,
  defaultSurveyTermsOfService: '',
};

describe('router', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ code: 0, message: '', data: constants }))),
    );
  });

  it('renders a deep route with its title, under the server app name', async () => {
    renderApp('/home/status/12/34');
    expect(await screen.findByRole('heading', { name: 'チェック状況' })).toBeInTheDocument();
    expect(screen.getByText('この画面は準備中です。')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'ルーダー' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('チェック状況 | ルーダー');
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
    },
  );

  it('prefers a static segment over an id (/organization/add)', async () => {
    const { router } = renderApp('/home/organization/add');
    await screen.findByRole('heading', { name: '組織' });
    expect(router.state.matches.at(-1)?.routeId).toBe('/organization/add');
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

  it('takes any characters as the survey key, slashes included', async () => {
    const { router } = renderApp('/home/a/Ab3%2B%3D/x_y-z');
    expect(await screen.findByRole('heading', { name: 'アンケート回答' })).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.params).toMatchObject({ _splat: 'Ab3+=/x_y-z' });
  });

  it('keeps the check history period from the URL as text', async () => {
    const { router } = renderApp('/home/system/check_history/?historyDateFrom=2026-11-01&historyDateTo=2026-11-30');
    await screen.findByRole('heading', { name: 'チェック履歴' });
    expect(router.state.location.search).toEqual({ historyDateFrom: '2026-11-01', historyDateTo: '2026-11-30' });
  });

  it('shows the app name alone on Home', async () => {
    renderApp('/home/');
    await waitFor(() => {
      expect(document.title).toBe('ルーダー');
    });
  });

  it('falls back to ROUDER when the constants call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderApp('/home/master/');
    await screen.findByRole('heading', { name: 'マスタ一括登録' });
    await waitFor(() => {
      expect(document.title).toBe('マスタ一括登録 | ROUDER');
    });
    expect(screen.getByRole('heading', { name: 'ROUDER' })).toBeInTheDocument();
  });
});

describe('route table', () => {
  it('gives every screen a title and lets only the survey answer page skip sign-in', () => {
    const { router } = renderApp('/home/');
    const ids = Object.keys(router.routesById) as (keyof typeof router.routesById)[];
    const screens = ids.filter((id) => id !== '__root__' && id !== '/');
    expect(screens).toHaveLength(36);
    for (const id of screens) {
      expect(router.routesById[id].options.staticData?.title, id).toBeTruthy();
    }
    expect(screens.filter((id) => router.routesById[id].options.staticData?.requiresAuth === false)).toEqual(['/a/$']);
  });
});
