import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, setupUser } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { kobeDetail, statusRoutes } from './testing';

allowSlowScreens();

/** The answer of one item (its list entry is named by the question as answered). */
async function answerOf(question: string) {
  return within(await screen.findByRole('listitem', { name: question }));
}

describe('check status detail', { timeout: 60_000 }, () => {
  it('titles the page with the store and the check list and shows the header', async () => {
    const server = stubServer(statusRoutes());
    renderApp('/home/status/8/1');
    expect(await screen.findByRole('heading', { name: '神戸ハーバー店 月次 店舗衛生点検' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('神戸ハーバー店 月次 店舗衛生点検 | ルーダー');
    });
    const summary = within(screen.getByRole('region', { name: '概要' }));
    expect(summary.getByText('2026/11/01〜2026/11/30')).toBeInTheDocument();
    expect(summary.getByText('5 / 6')).toBeInTheDocument();
    expect(summary.getByText('実施中')).toBeInTheDocument();
    expect(summary.getByText('75%')).toBeInTheDocument();
    expect(summary.getByText('未提出')).toBeInTheDocument();
    expect(summary.getByText('2026/11/21 20:26')).toBeInTheDocument();
    // Two bad results: × and △.
    expect(summary.getByText('2件')).toBeInTheDocument();
    expect(server.unknown).toEqual([]);
  });

  it('shows the answers by category: choice and score, comment, inapplicable, unanswered, input date', async () => {
    stubServer(statusRoutes());
    renderApp('/home/status/8/1');
    const cleaning = within(await screen.findByRole('region', { name: '店内清掃' }));
    const kitchen = within(screen.getByRole('region', { name: '厨房・バックヤード' }));
    expect(cleaning.getByText('床・通路にごみや汚れがないか')).toBeInTheDocument();
    expect(kitchen.getByText('冷蔵庫の温度記録がついているか')).toBeInTheDocument();
    expect(cleaning.queryByText('冷蔵庫の温度記録がついているか')).not.toBeInTheDocument();

    const good = await answerOf('床・通路にごみや汚れがないか');
    expect(good.getByText('回答: ○（2/2点）')).toBeInTheDocument();
    expect(good.getByText('客席・通路・レジ周りを確認')).toBeInTheDocument();
    expect(good.getByText('入力日 2026/11/02')).toBeInTheDocument();
    expect(good.queryByText('要改善')).not.toBeInTheDocument();

    const bad = await answerOf('トイレは清潔に保たれているか');
    expect(bad.getByText('回答: ×（0/2点）')).toBeInTheDocument();
    expect(bad.getByText('要改善')).toBeInTheDocument();
    expect(bad.getByText('清掃業者に連絡済み')).toBeInTheDocument();
    expect(bad.getByText('写真必須')).toBeInTheDocument();

    expect((await answerOf('冷蔵庫の温度記録がついているか')).getByText('該当なし')).toBeInTheDocument();
    expect((await answerOf('ゴミ箱があふれていないか')).getByText('未回答')).toBeInTheDocument();

    // Answered before the question was reworded: the words answered, and today's below.
    const reworded = await answerOf('食材の期限切れがないか');
    expect(reworded.getByText('現在の設問: 食材の期限を毎朝確認しているか')).toBeInTheDocument();
    expect(reworded.getByText('要改善')).toBeInTheDocument();
  });

  it('shows the photos as thumbnails that open the original in a viewer', async () => {
    stubServer(statusRoutes());
    const user = setupUser();
    renderApp('/home/status/8/1');
    const bad = await answerOf('トイレは清潔に保たれているか');
    const first = bad.getByRole('img', { name: 'トイレは清潔に保たれているかの写真1' });
    expect(first).toHaveAttribute('src', '/api/photo/31/thumbnail?ORG_ID=2');
    expect(bad.getByRole('img', { name: 'トイレは清潔に保たれているかの写真2' })).toHaveAttribute(
      'src',
      '/api/photo/32/thumbnail?ORG_ID=2',
    );
    await user.click(first);
    const viewer = await screen.findByRole('dialog');
    // The original, not the thumbnail.
    expect([...viewer.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['/api/photo/31?ORG_ID=2']);
    expect(within(viewer).getByRole('button', { name: 'zoomIn' })).toBeInTheDocument();
  });

  it('shows the earlier periods with the change of the score', async () => {
    stubServer(statusRoutes());
    renderApp('/home/status/8/1');
    const history = within(await screen.findByRole('table', { name: '実施履歴' }));
    const rows = history.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      '2026/11/01〜2026/11/30表示中',
      '2026/10/01〜2026/10/31',
      '2026/09/01〜2026/09/30',
    ]);
    // 6/8 = 75% after 11/12 = 92%.
    expect(within(rows[0] as HTMLElement).getByText('-17pt')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('92%')).toBeInTheDocument();
    // A sheet still being answered is scored over its answered items: marked as such, not as a result.
    expect(within(rows[0] as HTMLElement).getByText('途中')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('(6/8点・5/6問の時点)')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText('途中')).not.toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('未実施')).toBeInTheDocument();
  });

  it('opens an earlier period of the history, kept in the URL, and back to the latest', async () => {
    const october = { ...kobeDetail, sheet: { ...kobeDetail.sheet, periodId: 3, fromDate: '2026-10-01', toDate: '2026-10-31' } };
    const server = stubServer(
      statusRoutes({
        'GET /api/status/8/1': (request: Request) =>
          ({ data: new URL(request.url).searchParams.get('periodId') === '3' ? october : kobeDetail }),
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/status/8/1');
    await user.click(await screen.findByRole('button', { name: '2026/10/01〜2026/10/31の回答を表示' }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ periodId: 3 });
    });
    const history = within(await screen.findByRole('table', { name: '実施履歴' }));
    await waitFor(() => {
      expect(history.getAllByRole('row')[2]?.textContent).toContain('表示中');
    });
    expect(server.calls('GET /api/status/8/1').map((call) => new URL(call.url).searchParams.get('periodId'))).toContain('3');
    await user.click(history.getByRole('button', { name: '2026/11/01〜2026/11/30の回答を表示' }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({});
    });
  });

  it('narrows the answers to the bad results', async () => {
    stubServer(statusRoutes());
    const user = setupUser();
    renderApp('/home/status/8/1');
    await answerOf('床・通路にごみや汚れがないか');
    await user.click(screen.getByText('要改善のみ（2）'));
    await waitFor(() => {
      expect(screen.queryByRole('listitem', { name: '床・通路にごみや汚れがないか' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('listitem', { name: 'トイレは清潔に保たれているか' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '食材の期限切れがないか' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: '冷蔵庫の温度記録がついているか' })).not.toBeInTheDocument();
  });

  it('goes back to the list as the user left it', async () => {
    sessionStorage.setItem('rouder_searchState.Status', JSON.stringify({ checkStatus: 'CHECKED', groupId: 4, page: 2 }));
    stubServer(statusRoutes());
    renderApp('/home/status/8/1');
    const back = await screen.findByRole('link', { name: /一覧に戻る/ });
    expect(back).toHaveAttribute('href', '/home/status/?checkStatus=CHECKED&groupId=4&page=2');
  });

  it('says so when the store or the list is not there', async () => {
    stubServer(statusRoutes({ 'GET /api/status/8/9': { status: 404, message: '見つかりません。' } }));
    renderApp('/home/status/8/9');
    expect(await screen.findByText('見つかりません。(エラーコード:404)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /一覧に戻る/ })).toHaveAttribute('href', '/home/status/');
  });
});
