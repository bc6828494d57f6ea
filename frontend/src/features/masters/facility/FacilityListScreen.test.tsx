import { screen, waitFor, within } from '@testing-library/react';

import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { lastQuery, masterRoutes, page, setupUser, shibuya, shinjuku, storeStaff, allowSlowScreens } from '../testing';

allowSlowScreens();

describe('store list', { timeout: 60_000 }, () => {
  it('shows the rows the server gives, with the total and the organization\'s label', async () => {
    const server = stubServer(masterRoutes({ 'GET /api/facility': { data: page([shinjuku, shibuya], 12) } }));
    renderApp('/home/facility/');
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('link', { name: '新宿駅前店' })).toHaveAttribute('href', '/home/facility/11');
    expect(within(table).getByText('渋谷公園通り店')).toBeInTheDocument();
    expect(within(table).getByText('S001')).toBeInTheDocument();
    expect(within(table).getByText('駅前')).toBeInTheDocument();
    expect(await within(table).findByRole('columnheader', { name: /店舗コード/ })).toBeInTheDocument();
    expect(screen.getByText('12件')).toBeInTheDocument();
    const query = lastQuery(server.requests, 'GET /api/facility');
    expect(Object.fromEntries(query)).toEqual({
      ORG_ID: '2',
      sortBy: 'facilityNameKana',
      descending: 'false',
      page: '1',
      size: '10',
    });
  });

  it('corrects a page past the end in place, so Back leaves the list', async () => {
    stubServer(masterRoutes({ 'GET /api/facility': { data: page([shinjuku, shibuya], 12) } }));
    const { router } = renderApp('/home/');
    await waitFor(() => {
      expect(router.state.location.pathname).not.toBe('/');
    });
    const before = router.state.location.pathname; // the home screen
    await router.navigate({ to: '/facility', search: { page: 9 } as never });
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ page: 2 });
    });
    router.history.back();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(before);
    });
  });

  it('shows the empty state', async () => {
    stubServer(masterRoutes({ 'GET /api/facility': { data: page([]) } }));
    renderApp('/home/facility/');
    expect(await screen.findByText('該当する店舗はありません')).toBeInTheDocument();
  });

  it('asks with the search state of the URL and the stored page size', async () => {
    localStorage.setItem('rouder_pageSize.facility', '20');
    const server = stubServer(masterRoutes({ 'GET /api/facility': { data: page([shinjuku], 30, 2, 20) } }));
    renderApp('/home/facility/?searchText=%22%EF%BD%BC%EF%BE%9D%22&groupId=4&attributeId=1&sortBy=%22groupName%22&descending=true&page=2');
    await screen.findByText('新宿駅前店');
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/facility'))).toMatchObject({
      searchText: 'ｼﾝ',
      groupId: '4',
      attributeId: '1',
      sortBy: 'groupName',
      descending: 'true',
      page: '2',
      size: '20',
    });
    expect(screen.getByRole('searchbox', { name: '検索' })).toHaveValue('ｼﾝ');
  });

  it('searches from the first page and keeps the text in the URL', async () => {
    const server = stubServer(masterRoutes({ 'GET /api/facility': { data: page([shinjuku], 30, 3) } }));
    const user = setupUser();
    const { router } = renderApp('/home/facility/?page=3');
    await screen.findByText('新宿駅前店');
    await user.type(screen.getByRole('searchbox', { name: '検索' }), '新宿{Enter}');
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ searchText: '新宿' });
    });
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/facility').get('searchText')).toBe('新宿');
    });
    expect(lastQuery(server.requests, 'GET /api/facility').get('page')).toBe('1');
  });

  it('sorts by a column header', async () => {
    stubServer(masterRoutes({ 'GET /api/facility': { data: page([shinjuku]) } }));
    const user = setupUser();
    const { router } = renderApp('/home/facility/');
    const table = await screen.findByRole('table');
    await within(table).findByText('新宿駅前店');
    await user.click(within(table).getByRole('columnheader', { name: /グループ/ }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ sortBy: 'groupName' });
    });
  });

  it('deletes a row after asking', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/facility': { data: page([shinjuku]) },
        'DELETE /api/facility/11': { data: null, message: '削除しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/facility/');
    await user.click(await screen.findByRole('button', { name: '新宿駅前店を削除' }));
    expect(await screen.findByText('店舗「新宿駅前店」を削除しますか？')).toBeInTheDocument();
    expect(screen.getByText('所属するユーザーや、チェック・アンケートの回答がある店舗は削除できません。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^削\s*除$/ }));
    expect(await screen.findByText('削除しました。')).toBeInTheDocument();
    expect(server.calls('DELETE /api/facility/11')).toHaveLength(1);
    await waitFor(() => {
      expect(server.calls('GET /api/facility').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('shows a refused delete with the server\'s message', async () => {
    stubServer(
      masterRoutes({
        'GET /api/facility': { data: page([shinjuku]) },
        'DELETE /api/facility/11': { status: 422, message: 'この店舗に所属するユーザーがいるため削除できません。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/facility/');
    await user.click(await screen.findByRole('button', { name: '新宿駅前店を削除' }));
    await user.click(await screen.findByRole('button', { name: /^削\s*除$/ }));
    expect(
      await screen.findByText('この店舗に所属するユーザーがいるため削除できません。(エラーコード:422)'),
    ).toBeInTheDocument();
  });

  it('offers no changes to a user without ROLE_FACILITY_EDIT', async () => {
    stubServer(masterRoutes({ 'GET /api/facility': { data: page([shinjuku]) } }, storeStaff));
    renderApp('/home/facility/');
    await screen.findByRole('link', { name: '新宿駅前店' });
    expect(screen.queryByRole('link', { name: /新規登録/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新宿駅前店を削除' })).not.toBeInTheDocument();
  });
});
