import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, lastQuery, page, setupUser } from '../testing';
import { adminUser, staffUser, userRoutes } from './testing';

allowSlowScreens();

describe('user list', { timeout: 60_000 }, () => {
  it('shows the rows the server gives, with authorities, group, store, tags and the total', async () => {
    const server = stubServer(userRoutes({ 'GET /api/user': { data: page([adminUser, staffUser], 12) } }));
    renderApp('/home/user/');
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('link', { name: 'store002' })).toHaveAttribute('href', '/home/user/21');
    const row = within(table).getByRole('link', { name: 'store002' }).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('佐藤 花子')).toBeInTheDocument();
    expect(await within(row).findByText('グループスタッフ')).toBeInTheDocument();
    expect(within(row).getByText('チェック項目編集')).toBeInTheDocument();
    expect(within(row).getByText('関東ブロック')).toBeInTheDocument();
    expect(within(row).getByText('新宿駅前店')).toBeInTheDocument();
    expect(within(row).getByText('店長')).toBeInTheDocument();
    expect(within(row).getByText('有効')).toBeInTheDocument();
    expect(screen.getByText('12件')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/user'))).toEqual({
      ORG_ID: '2',
      sortBy: 'userAccount',
      descending: 'false',
      page: '1',
      size: '10',
    });
  });

  it('offers no delete for the signed-in user itself', async () => {
    stubServer(userRoutes());
    renderApp('/home/user/');
    await screen.findByRole('button', { name: 'store002を削除' });
    expect(screen.queryByRole('button', { name: 'demoadminを削除' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    stubServer(userRoutes({ 'GET /api/user': { data: page([]) } }));
    renderApp('/home/user/');
    expect(await screen.findByText('該当するユーザーはいません')).toBeInTheDocument();
  });

  it('asks with the search state of the URL (authorityName as text) and the stored page size', async () => {
    localStorage.setItem('rouder_pageSize.user', '20');
    const server = stubServer(userRoutes({ 'GET /api/user': { data: page([staffUser], 30, 2, 20) } }));
    renderApp(
      '/home/user/?searchText=%22%EF%BD%BB%EF%BD%B4%EF%BE%84%EF%BD%B3%22&authorityName=GROUP_STAFF&groupId=4&attributeId=1&sortBy=%22name%22&descending=true&page=2',
    );
    await screen.findByRole('link', { name: 'store002' });
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/user'))).toMatchObject({
      searchText: 'ｻｴﾄｳ',
      authorityName: 'GROUP_STAFF',
      groupId: '4',
      attributeId: '1',
      sortBy: 'name',
      descending: 'true',
      page: '2',
      size: '20',
    });
    expect(screen.getByRole('searchbox', { name: '検索' })).toHaveValue('ｻｴﾄｳ');
  });

  it('searches from the first page and keeps the text in the URL', async () => {
    const server = stubServer(userRoutes({ 'GET /api/user': { data: page([staffUser], 30, 3) } }));
    const user = setupUser();
    const { router } = renderApp('/home/user/?page=3');
    await screen.findByRole('link', { name: 'store002' });
    await user.type(screen.getByRole('searchbox', { name: '検索' }), 'ｻﾄｳ{Enter}');
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ searchText: 'ｻﾄｳ' });
    });
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/user').get('searchText')).toBe('ｻﾄｳ');
    });
    expect(lastQuery(server.requests, 'GET /api/user').get('page')).toBe('1');
  });

  it('filters by an authority, keeping its name as text in the URL', async () => {
    const server = stubServer(userRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/user/');
    await screen.findByRole('link', { name: 'store002' });
    await user.click(screen.getByRole('combobox', { name: '権限で絞り込み' }));
    await user.click(await screen.findByTitle('マスタ一括登録'));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ authorityName: 'MASTER_IMPORTER' });
    });
    expect(router.state.location.href).toContain('authorityName=MASTER_IMPORTER');
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/user').get('authorityName')).toBe('MASTER_IMPORTER');
    });
  });

  it('sorts by a column header', async () => {
    stubServer(userRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/user/');
    const table = await screen.findByRole('table');
    await within(table).findByRole('link', { name: 'store002' });
    await user.click(within(table).getByRole('columnheader', { name: /氏名/ }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ sortBy: 'name' });
    });
  });

  it('deletes a row after asking', async () => {
    const server = stubServer(userRoutes({ 'DELETE /api/user/21': { data: null, message: '削除しました。' } }));
    const user = setupUser();
    renderApp('/home/user/');
    await user.click(await screen.findByRole('button', { name: 'store002を削除' }));
    expect(await screen.findByText('削除しますか？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^削\s*除$/ }));
    expect(await screen.findByText('削除しました。')).toBeInTheDocument();
    expect(server.calls('DELETE /api/user/21')).toHaveLength(1);
    await waitFor(() => {
      expect(server.calls('GET /api/user').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('shows a refused read with the server\'s message', async () => {
    stubServer(userRoutes({ 'GET /api/user': { status: 404, message: '対象のデータが見つかりません。' } }));
    renderApp('/home/user/');
    expect(await screen.findByText('対象のデータが見つかりません。(エラーコード:404)')).toBeInTheDocument();
  });
});
