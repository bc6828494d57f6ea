import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allowSlowScreens, lastQuery, page, setupUser } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { kobeVisit, surveyResultRoutes } from './testing';

allowSlowScreens();

/** The body row of the results table naming `store`. */
async function rowOf(store: string) {
  const table = await screen.findByRole('table', { name: 'アンケート結果一覧' });
  const row = (await within(table).findByText(store)).closest('tr');
  if (!row) throw new Error(`no row of ${store}`);
  return within(row);
}

describe('survey result list', { timeout: 60_000 }, () => {
  it('shows one row per survey and store with answers, signed NPS, the split and the mean rating', async () => {
    const server = stubServer(surveyResultRoutes());
    renderApp('/home/survey_result/');
    const shinjuku = await rowOf('新宿駅前店');
    expect(shinjuku.getByRole('link', { name: '来店アンケート' })).toHaveAttribute('href', '/home/survey_result/1?facilityId=1');
    expect(shinjuku.getByText('2026/08/01〜')).toBeInTheDocument();
    expect(shinjuku.getByText('関東ブロック')).toBeInTheDocument();
    expect(shinjuku.getByText('40件')).toBeInTheDocument();
    expect(shinjuku.getByText('+12.5')).toBeInTheDocument();
    expect(shinjuku.getByRole('img', { name: '推奨者 15 / 中立者 15 / 批判者 10' })).toBeInTheDocument();
    expect(shinjuku.getByText('3.88')).toBeInTheDocument();

    const kobe = await rowOf('神戸ハーバー店');
    expect(kobe.getByText('-25.0')).toBeInTheDocument();
    expect(kobe.getByText('2.50')).toBeInTheDocument();

    // No answers yet: no NPS and no mean.
    const sendai = await rowOf('仙台駅前店');
    expect(sendai.getByText('0件')).toBeInTheDocument();
    expect(sendai.getAllByText('－')).toHaveLength(2);
    expect(screen.getByText('3件')).toBeInTheDocument();

    // docs/product/shell.md defaults: only includeOutOfPeriod=true besides paging.
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/survey_result'))).toEqual({
      ORG_ID: '2',
      includeOutOfPeriod: 'true',
      page: '1',
      size: '10',
    });
    expect(screen.getByRole('checkbox', { name: '期間外も表示' })).toBeChecked();
    expect(server.unknown).toEqual([]);
  });

  it('shows the empty state', async () => {
    stubServer(surveyResultRoutes({ 'GET /api/survey_result': { data: page([]) } }));
    renderApp('/home/survey_result/');
    expect(await screen.findByText('該当するアンケート結果はありません')).toBeInTheDocument();
  });

  it("shows a failed read with the server's message", async () => {
    stubServer(
      surveyResultRoutes({ 'GET /api/survey_result': { status: 404, message: '対象のデータが見つかりません。' } }),
    );
    renderApp('/home/survey_result/');
    expect(await screen.findByText('対象のデータが見つかりません。(エラーコード:404)')).toBeInTheDocument();
  });

  it('asks with the search state of the URL and the stored page size', async () => {
    localStorage.setItem('rouder_pageSize.surveyResult', '20');
    const server = stubServer(surveyResultRoutes({ 'GET /api/survey_result': { data: page([kobeVisit], 30, 2, 20) } }));
    renderApp(
      '/home/survey_result/?surveyId=1&groupId=7&facilityAttributeId=1&facilityName=%22%E7%A5%9E%E6%88%B8%22' +
        '&includeOutOfPeriod=false&page=2',
    );
    await rowOf('神戸ハーバー店');
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/survey_result'))).toEqual({
      ORG_ID: '2',
      surveyId: '1',
      groupId: '7',
      facilityAttributeId: '1',
      facilityName: '神戸',
      includeOutOfPeriod: 'false',
      page: '2',
      size: '20',
    });
    expect(screen.getByRole('searchbox', { name: '検索' })).toHaveValue('神戸');
    expect(screen.getByRole('checkbox', { name: '期間外も表示' })).not.toBeChecked();
  });

  it('filters by survey, store name and out-of-period surveys from the first page', async () => {
    const server = stubServer(surveyResultRoutes({ 'GET /api/survey_result': { data: page([kobeVisit], 40, 3) } }));
    const user = setupUser();
    const { router } = renderApp('/home/survey_result/?page=3');
    await rowOf('神戸ハーバー店');

    await user.click(screen.getByRole('combobox', { name: 'アンケートで絞り込み' }));
    await user.click(await screen.findByTitle('新メニューアンケート'));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ surveyId: 2 });
    });

    await user.type(screen.getByRole('searchbox', { name: '検索' }), '神戸{Enter}');
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ surveyId: 2, facilityName: '神戸' });
    });

    await user.click(screen.getByRole('checkbox', { name: '期間外も表示' }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ surveyId: 2, facilityName: '神戸', includeOutOfPeriod: false });
    });
    await waitFor(() => {
      expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/survey_result'))).toMatchObject({
        surveyId: '2',
        facilityName: '神戸',
        includeOutOfPeriod: 'false',
        page: '1',
      });
    });
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
    stubServer(surveyResultRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/survey_result/');
    const cards = await screen.findByRole('list', { name: 'アンケート結果一覧' });
    expect(screen.queryByRole('table', { name: 'アンケート結果一覧' })).not.toBeInTheDocument();
    const kobe = within(cards).getByText('神戸ハーバー店');
    expect(within(cards).getByText('回答 20件')).toBeInTheDocument();
    expect(within(cards).getByText('-25.0')).toBeInTheDocument();
    await user.click(kobe);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/survey_result/1');
    });
  });
});
