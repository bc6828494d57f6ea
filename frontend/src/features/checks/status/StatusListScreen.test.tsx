import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allowSlowScreens, lastQuery, page, setupUser, storeStaff } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { viewport } from '@/test/viewport';
import { kobeMonthly, shinjukuWeekly, statusRoutes } from './testing';

allowSlowScreens();

/** 1 of 6 items answered, and that one right: 2/2点 alone would read as a perfect result. */
const partial = { ...kobeMonthly, progress: 'IN_PROGRESS' as const, submitted: false, answeredCount: 1, totalCount: 6, score: 2, possibleScore: 2 };

describe('check status list', { timeout: 60_000 }, () => {
  it('shows one row per store and check list with period, progress, counts, score and last input', async () => {
    const server = stubServer(statusRoutes());
    renderApp('/home/status/');
    const table = await screen.findByRole('table', { name: 'チェック状況一覧' });
    const kobe = (await within(table).findAllByRole('row')).find((row) => row.textContent.includes('神戸ハーバー店'));
    if (!kobe) throw new Error('no row of 神戸ハーバー店');
    const cells = within(kobe);
    expect(cells.getByRole('link', { name: '神戸ハーバー店' })).toHaveAttribute('href', '/home/status/8/1');
    expect(cells.getByRole('link', { name: '月次 店舗衛生点検' })).toHaveAttribute('href', '/home/status/8/1');
    expect(cells.getByText('関西ブロック')).toBeInTheDocument();
    expect(cells.getByText('2026/11/01〜2026/11/30')).toBeInTheDocument();
    expect(cells.getByText('実施済')).toBeInTheDocument();
    expect(cells.getByText('提出済')).toBeInTheDocument();
    expect(cells.getByText('6 / 6')).toBeInTheDocument();
    expect(cells.getByText('75%')).toBeInTheDocument();
    expect(cells.queryByText('途中')).not.toBeInTheDocument(); // all 6 answered: a result
    // 11:26 UTC is 20:26 in Tokyo.
    expect(cells.getByText('2026/11/21 20:26')).toBeInTheDocument();

    const shinjuku = within(table).getByRole('link', { name: '新宿駅前店' }).closest('tr');
    if (!shinjuku) throw new Error('no row of 新宿駅前店');
    expect(within(shinjuku).getByText('未実施')).toBeInTheDocument();
    expect(within(shinjuku).getByText('0 / 3')).toBeInTheDocument();
    expect(screen.getByText('2件')).toBeInTheDocument();

    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/status'))).toEqual({
      ORG_ID: '2',
      includeOutOfPeriod: 'false',
      sortBy: 'facilityNameKana',
      descending: 'false',
      page: '1',
      size: '10',
    });
    expect(server.unknown).toEqual([]);
  });

  it('marks a partial sheet\'s score as 途中 with how many items it covers', async () => {
    stubServer(statusRoutes({ 'GET /api/status': { data: page([partial]) } }));
    renderApp('/home/status/');
    const table = await screen.findByRole('table', { name: 'チェック状況一覧' });
    const row = within(table).getByRole('link', { name: '神戸ハーバー店' }).closest('tr');
    if (!row) throw new Error('no row of 神戸ハーバー店');
    const score = within(row).getByText('100%').closest('span');
    if (!score) throw new Error('no score');
    expect(within(score).getByText('途中')).toBeInTheDocument();
    expect(within(score).getByText('(2/2点・1/6問の時点)')).toBeInTheDocument();
  });

  it('marks a partial sheet\'s score on a phone\'s card too', async () => {
    viewport(390);
    stubServer(statusRoutes({ 'GET /api/status': { data: page([partial]) } }));
    renderApp('/home/status/');
    const cards = await screen.findByRole('list', { name: 'チェック状況一覧' });
    expect(within(cards).getByText('途中')).toBeInTheDocument();
    expect(within(cards).getByText('(2/2点・1/6問の時点)')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    stubServer(statusRoutes({ 'GET /api/status': { data: page([]) } }));
    renderApp('/home/status/');
    expect(await screen.findByText('該当するチェック状況はありません')).toBeInTheDocument();
  });

  it('shows a failed read with the server\'s message', async () => {
    stubServer(statusRoutes({ 'GET /api/status': { status: 404, message: '対象のデータが見つかりません。' } }));
    renderApp('/home/status/');
    expect(await screen.findByText('対象のデータが見つかりません。(エラーコード:404)')).toBeInTheDocument();
  });

  it('asks with the search state of the URL and the stored page size', async () => {
    localStorage.setItem('rouder_pageSize.status', '20');
    const server = stubServer(statusRoutes({ 'GET /api/status': { data: page([kobeMonthly], 30, 2, 20) } }));
    renderApp(
      '/home/status/?checkStatus=IN_PROGRESS&groupId=4&facilityAttributeId=1&facilityName=%22%E7%A5%9E%E6%88%B8%22' +
        '&checkListMasterId=1&includeOutOfPeriod=true&sortBy=%22score%22&descending=true&page=2',
    );
    await screen.findByRole('link', { name: '神戸ハーバー店' });
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/status'))).toEqual({
      ORG_ID: '2',
      checkStatus: 'IN_PROGRESS',
      groupId: '4',
      facilityAttributeId: '1',
      facilityName: '神戸',
      checkListMasterId: '1',
      includeOutOfPeriod: 'true',
      sortBy: 'score',
      descending: 'true',
      page: '2',
      size: '20',
    });
    expect(screen.getByRole('searchbox', { name: '検索' })).toHaveValue('神戸');
    expect(screen.getByRole('checkbox', { name: '期間外も表示' })).toBeChecked();
  });

  it('opens a hand-edited URL with nonsense as the default list', async () => {
    const server = stubServer(statusRoutes());
    renderApp('/home/status/?checkStatus=DONE&groupId=-1&sortBy=%22address%22&page=0&includeOutOfPeriod=%22yes%22');
    await screen.findByRole('link', { name: '神戸ハーバー店' });
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/status'))).toEqual({
      ORG_ID: '2',
      includeOutOfPeriod: 'false',
      sortBy: 'facilityNameKana',
      descending: 'false',
      page: '1',
      size: '10',
    });
  });

  it('filters by progress from the first page, keeping checkStatus as text in the URL', async () => {
    const server = stubServer(statusRoutes({ 'GET /api/status': { data: page([kobeMonthly, shinjukuWeekly], 40, 3) } }));
    const user = setupUser();
    const { router } = renderApp('/home/status/?page=3');
    await screen.findByRole('link', { name: '神戸ハーバー店' });
    await user.click(screen.getByRole('combobox', { name: '進捗で絞り込み' }));
    await user.click(await screen.findByTitle('実施中'));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ checkStatus: 'IN_PROGRESS' });
    });
    expect(router.state.location.href).toContain('checkStatus=IN_PROGRESS');
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/status').get('checkStatus')).toBe('IN_PROGRESS');
    });
    expect(lastQuery(server.requests, 'GET /api/status').get('page')).toBe('1');
  });

  it('filters by check list, store name and out-of-period lists', async () => {
    const server = stubServer(statusRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/status/');
    await screen.findByRole('link', { name: '神戸ハーバー店' });

    await user.click(screen.getByRole('combobox', { name: 'チェックリストで絞り込み' }));
    await user.click(await screen.findByTitle('週次 接客チェック'));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ checkListMasterId: 2 });
    });

    await user.type(screen.getByRole('searchbox', { name: '検索' }), '新宿{Enter}');
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ checkListMasterId: 2, facilityName: '新宿' });
    });

    await user.click(screen.getByRole('checkbox', { name: '期間外も表示' }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ checkListMasterId: 2, facilityName: '新宿', includeOutOfPeriod: true });
    });
    await waitFor(() => {
      expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/status'))).toMatchObject({
        checkListMasterId: '2',
        facilityName: '新宿',
        includeOutOfPeriod: 'true',
      });
    });
  });

  it('sorts by a column header, the second click descending', async () => {
    stubServer(statusRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/status/');
    const table = await screen.findByRole('table');
    await within(table).findByRole('link', { name: '神戸ハーバー店' });
    await user.click(within(table).getByRole('columnheader', { name: /スコア/ }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ sortBy: 'score' });
    });
    await user.click(within(table).getByRole('columnheader', { name: /スコア/ }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ sortBy: 'score', descending: true });
    });
  });

  it('offers the check list filter to store staff too (it needs only the status role)', async () => {
    const server = stubServer(statusRoutes());
    stubServer({ ...server.routes, 'GET /api/login_user': { data: storeStaff } });
    renderApp('/home/status/');
    await screen.findByRole('link', { name: '神戸ハーバー店' });
    expect(screen.getByRole('combobox', { name: 'チェックリストで絞り込み' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '進捗で絞り込み' })).toBeInTheDocument();
  });

  it('shows cards on a phone, a tap opening the detail', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    );
    stubServer(statusRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/status/');
    const cards = await screen.findByRole('list', { name: 'チェック状況一覧' });
    expect(screen.queryByRole('table', { name: 'チェック状況一覧' })).not.toBeInTheDocument();
    const kobe = within(cards).getByText('神戸ハーバー店');
    expect(within(cards).getAllByText('月次 店舗衛生点検')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: '並び順' })).toBeInTheDocument();
    await user.click(kobe);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/status/8/1');
    });
  });
});
