import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, lastQuery, masterRoutes, page, setupUser } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { editorRoutes, hygiene, hygieneRow, serviceRow } from './testing';

allowSlowScreens();

describe('check-list list', { timeout: 60_000 }, () => {
  it('shows each list with its first period, recurrence and counts', async () => {
    const server = stubServer(masterRoutes({ 'GET /api/check_list_master': { data: page([hygieneRow, serviceRow], 12) } }));
    renderApp('/home/check_list_master/');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('月次 店舗衛生点検')).toHaveAttribute('href', '/home/check_list_master/5');
    expect(within(table).getByText('2026/02/01〜2026/02/28')).toBeInTheDocument();
    expect(within(table).getByText('1か月ごと')).toBeInTheDocument();
    expect(within(table).getByText('1週間ごと')).toBeInTheDocument();
    expect(screen.getByText('12件')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/check_list_master'))).toEqual({ ORG_ID: '2', page: '1', size: '10' });
  });

  it('shows the empty state', async () => {
    stubServer(masterRoutes({ 'GET /api/check_list_master': { data: page([]) } }));
    renderApp('/home/check_list_master/');
    expect(await screen.findByText('該当するチェックリストはありません')).toBeInTheDocument();
  });

  it('searches from the first page with the text in the URL and the stored page size', async () => {
    localStorage.setItem('rouder_pageSize.checkListMaster', '20');
    const server = stubServer(masterRoutes({ 'GET /api/check_list_master': { data: page([hygieneRow], 30, 2, 20) } }));
    const user = setupUser();
    const { router } = renderApp('/home/check_list_master/?page=2');
    await screen.findByText('月次 店舗衛生点検');
    expect(lastQuery(server.requests, 'GET /api/check_list_master').get('size')).toBe('20');
    await user.type(screen.getByLabelText('検索'), '衛生{Enter}');
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ searchText: '衛生' });
    });
    await waitFor(() => {
      expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/check_list_master'))).toMatchObject({ searchText: '衛生', page: '1' });
    });
  });

  it('copies a list and opens the copy in the editor', async () => {
    const server = stubServer(
      masterRoutes({
        ...editorRoutes,
        'GET /api/check_list_master': { data: page([hygieneRow]) },
        'POST /api/check_list_master/5/copy': { data: { checkListMasterId: 8 }, message: 'コピーしました。' },
        'GET /api/check_list_master/8': { data: { ...hygiene, checkListMasterId: 8, checkListMasterName: '月次 店舗衛生点検のコピー' } },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/check_list_master/');
    await screen.findByText('月次 店舗衛生点検');
    await user.click(screen.getByLabelText('月次 店舗衛生点検をコピー'));
    expect(await screen.findByText('コピーしました。')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/check_list_master/8');
    });
    expect(await screen.findByLabelText('チェックリスト名')).toHaveValue('月次 店舗衛生点検のコピー');
    expect(server.calls('POST /api/check_list_master/5/copy')).toHaveLength(1);
  });

  it('deletes after the question', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/check_list_master': { data: page([hygieneRow]) },
        'DELETE /api/check_list_master/5': { data: null, message: '削除しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/check_list_master/');
    await screen.findByText('月次 店舗衛生点検');
    await user.click(screen.getByLabelText('月次 店舗衛生点検を削除'));
    expect(await screen.findByText('削除しますか？')).toBeInTheDocument();
    expect(server.calls('DELETE /api/check_list_master/5')).toHaveLength(0);
    await user.click((await screen.findAllByText(/^削\s*除$/)).at(-1) as HTMLElement);
    expect(await screen.findByText('削除しました。')).toBeInTheDocument();
    expect(server.calls('DELETE /api/check_list_master/5')).toHaveLength(1);
  });
});
