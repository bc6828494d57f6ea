import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, lastQuery, page, setupUser } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { comments, surveyResultRoutes } from './testing';

allowSlowScreens();

describe('survey result detail', { timeout: 60_000 }, () => {
  it("titles the page with the survey's name and shows NPS, counts and the trend", async () => {
    const server = stubServer(surveyResultRoutes());
    renderApp('/home/survey_result/1');
    expect(await screen.findByRole('heading', { name: '来店アンケート' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('来店アンケート | ルーダー');
    });
    const summary = within(screen.getByRole('region', { name: '概要' }));
    expect(summary.getByText('0.0')).toBeInTheDocument();
    expect(summary.getByText('60')).toBeInTheDocument();
    expect(summary.getByRole('img', { name: '推奨者 18 / 中立者 24 / 批判者 18' })).toBeInTheDocument();

    // Weekly by default; the month with no answers has no point but keeps its label.
    const trend = within(screen.getByRole('figure', { name: 'NPSの推移' }));
    expect(trend.getByText('+10.0')).toBeInTheDocument();
    expect(trend.getByText('-5.5')).toBeInTheDocument();
    expect(trend.getByText('10/1〜')).toBeInTheDocument();
    expect(lastQuery(server.requests, 'GET /api/survey_result/1').get('interval')).toBe('WEEK');
    expect(server.unknown).toEqual([]);
  });

  it('switches the trend to months through the URL', async () => {
    const server = stubServer(surveyResultRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/survey_result/1');
    await screen.findByRole('figure', { name: 'NPSの推移' });
    await user.click(screen.getByText('月別'));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ interval: 'MONTH' });
    });
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/survey_result/1').get('interval')).toBe('MONTH');
    });
    expect(await screen.findByText('2026/10')).toBeInTheDocument();
  });

  it('shows the 0-10 distribution, each question and the rankings', async () => {
    stubServer(surveyResultRoutes());
    const user = setupUser();
    renderApp('/home/survey_result/1');
    const distribution = within(await screen.findByRole('figure', { name: 'おすすめ度の分布' }));
    expect(distribution.getByLabelText('0点: 1件')).toBeInTheDocument();
    expect(distribution.getByLabelText('8点: 13件')).toBeInTheDocument();
    expect(distribution.getByLabelText('10点: 8件')).toBeInTheDocument();
    expect(distribution.getByText('回答 60件')).toBeInTheDocument();

    const frequency = within(screen.getByRole('list', { name: 'ご来店頻度' }));
    expect(frequency.getByText('初めて')).toBeInTheDocument();
    expect(frequency.getByText('30件（60%）')).toBeInTheDocument();
    expect(screen.getByText(/平均 3\.50/)).toBeInTheDocument();

    const stores = within(screen.getByRole('table', { name: '店舗ランキング' }));
    const rows = stores.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('1新宿駅前店40件+12.5'),
      expect.stringContaining('2神戸ハーバー店20件-25.0'),
    ]);
    await user.click(screen.getByRole('tab', { name: 'グループ' }));
    const groups = within(await screen.findByRole('table', { name: 'グループランキング' }));
    expect(groups.getByText('関西ブロック')).toBeInTheDocument();
  });

  it('lists comments and searches them', async () => {
    const server = stubServer(
      surveyResultRoutes({
        'GET /api/survey_result/1/comments': (request) => {
          const text = new URL(request.url).searchParams.get('searchText');
          return { data: page(text ? comments.filter((comment) => comment.text.includes(text)) : comments) };
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/survey_result/1');
    expect(await screen.findByText('店員さんの笑顔が素敵でした')).toBeInTheDocument();
    expect(screen.getByText('レジの待ち時間が長かった')).toBeInTheDocument();
    expect(screen.getByText('おすすめ度 10')).toBeInTheDocument();
    expect(screen.getByText('hanako@example.com')).toBeInTheDocument();
    // 03:15 UTC is 12:15 in Tokyo.
    expect(screen.getByText('2026/11/20 12:15')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'コメントを検索' }), '待ち時間{Enter}');
    await waitFor(() => {
      expect(screen.queryByText('店員さんの笑顔が素敵でした')).not.toBeInTheDocument();
    });
    expect(screen.getByText('レジの待ち時間が長かった')).toBeInTheDocument();
    expect(lastQuery(server.requests, 'GET /api/survey_result/1/comments').get('searchText')).toBe('待ち時間');

    await user.clear(screen.getByRole('searchbox', { name: 'コメントを検索' }));
    await user.type(screen.getByRole('searchbox', { name: 'コメントを検索' }), '該当なし{Enter}');
    expect(await screen.findByText('該当するコメントはありません')).toBeInTheDocument();
  });

  it('filters by group and tag from the URL, for the results and the comments alike', async () => {
    const server = stubServer(surveyResultRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/survey_result/1?groupId=4&fromDate=2026-10-01&toDate=2026-10-31');
    await screen.findByRole('heading', { name: '来店アンケート' });
    await waitFor(() => {
      expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/survey_result/1'))).toEqual({
        ORG_ID: '2',
        groupId: '4',
        fromDate: '2026-10-01',
        toDate: '2026-10-31',
        interval: 'WEEK',
      });
    });
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/survey_result/1/comments'))).toMatchObject({
      groupId: '4',
      fromDate: '2026-10-01',
      toDate: '2026-10-31',
    });
    expect(screen.getByDisplayValue('2026/10/01')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'タグで絞り込み' }));
    await user.click(await screen.findByTitle('駅前'));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({
        groupId: 4,
        fromDate: '2026-10-01',
        toDate: '2026-10-31',
        facilityAttributeId: 1,
      });
    });
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/survey_result/1/comments').get('facilityAttributeId')).toBe('1');
    });
  });

  it('narrows to the store a row of the list opened, for the results and the comments, until the store is cleared', async () => {
    const server = stubServer(surveyResultRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/survey_result/1?facilityId=11');
    await screen.findByRole('heading', { name: '来店アンケート' });
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/survey_result/1').get('facilityId')).toBe('11');
    });
    expect(lastQuery(server.requests, 'GET /api/survey_result/1/comments').get('facilityId')).toBe('11');
    const picker = screen.getByRole('combobox', { name: '店舗で絞り込み' });
    await waitFor(() => {
      expect(picker.closest('.ant-select')).toHaveTextContent('新宿駅前店');
    });

    const clear = picker.closest('.ant-select')?.querySelector('.ant-select-clear');
    if (!clear) throw new Error('the store filter cannot be cleared');
    await user.click(clear);
    await waitFor(() => {
      expect(router.state.location.search).toEqual({});
    });
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/survey_result/1').get('facilityId')).toBeNull();
    });
  });

  it('shows a survey that cannot be read with the server message and a way back', async () => {
    stubServer(surveyResultRoutes({ 'GET /api/survey_result/1': { status: 404, message: 'データが見つかりません。' } }));
    renderApp('/home/survey_result/1');
    expect(await screen.findByText('データが見つかりません。(エラーコード:404)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /一覧に戻る/ })).toHaveAttribute('href', '/home/survey_result/');
  });
});
