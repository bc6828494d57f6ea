import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, lastQuery, setupUser, storeStaff } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { viewport } from '@/test/viewport';
import { improvementPage, improvementRoutes, surveyReport, toiletDetail, toiletReport } from './testing';
import type { ImprovementStep } from './types';

allowSlowScreens();

describe('improvement reports', { timeout: 60_000 }, () => {
  it('lists the reports with status, unread and overdue marks, counts per status and the default query', async () => {
    const server = stubServer(improvementRoutes());
    renderApp('/home/improvement/');
    const table = await screen.findByRole('table', { name: '改善報告一覧' });
    const toilet = (await within(table).findByRole('link', { name: toiletReport.subject })).closest('tr');
    const survey = within(table).getByRole('link', { name: surveyReport.subject }).closest('tr');
    if (!toilet || !survey) throw new Error('rows missing');
    expect(within(toilet).getByText('確認待ち(未読)')).toBeInTheDocument();
    expect(within(toilet).getByTitle('未読')).toBeInTheDocument();
    expect(within(toilet).getByText('新宿駅前店')).toBeInTheDocument();
    expect(within(toilet).getByText('2026/11/21 20:26')).toBeInTheDocument();
    expect(within(survey).getByText('対応中')).toBeInTheDocument();
    expect(within(survey).getByText('期限切れ')).toBeInTheDocument();
    expect(within(survey).getByText('アンケート')).toBeInTheDocument();
    expect(within(survey).queryByTitle('未読')).not.toBeInTheDocument();

    const counts = within(screen.getByRole('group', { name: '状態ごとの件数' }));
    expect(counts.getByText('4件')).toBeInTheDocument();
    expect(counts.getByText('期限切れ 1件')).toBeInTheDocument();
    expect(counts.getByText('あなたの対応待ち 1件')).toBeInTheDocument();
    // The menu entry shows what waits for my side.
    expect(await screen.findByLabelText('1件の対応待ち')).toBeInTheDocument();

    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/improvement'))).toEqual({
      ORG_ID: '2',
      isUnreadOnly: 'false',
      isTargetUnread: 'false',
      includesUnrelated: 'false',
      sortBy: 'contentModifyDate',
      descending: 'true',
      page: '1',
      size: '10',
    });
    expect(server.unknown).toEqual([]);
  });

  it('shows the empty state', async () => {
    stubServer(improvementRoutes({ 'GET /api/improvement': { data: improvementPage([]) } }));
    renderApp('/home/improvement/');
    expect(await screen.findByText('該当する改善報告はありません')).toBeInTheDocument();
  });

  it('keeps the filters in the URL and sends them as SPEC names them', async () => {
    const server = stubServer(improvementRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/improvement/');
    await screen.findByRole('table', { name: '改善報告一覧' });
    await user.click(screen.getByRole('checkbox', { name: '未読のみ' }));
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/improvement').get('isUnreadOnly')).toBe('true');
    });
    await user.click(within(screen.getByRole('group', { name: '状態ごとの件数' })).getByText('完了'));
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/improvement').getAll('statusMap')).toEqual(['COMPLETED']);
    });
    await user.type(screen.getByPlaceholderText('件名・設問・店舗名'), 'トイレ{Enter}');
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/improvement').get('searchText')).toBe('トイレ');
    });
    expect(router.state.location.search).toMatchObject({ isUnreadOnly: true, statusMap: ['COMPLETED'], searchText: 'トイレ' });
  });

  it('narrows to several statuses, each sent as its own statusMap, and names them in the box', async () => {
    const server = stubServer(improvementRoutes());
    const user = setupUser();
    renderApp('/home/improvement/');
    await screen.findByRole('table', { name: '改善報告一覧' });
    await user.click(screen.getByLabelText('状態で絞り込み'));
    for (const label of ['対応中', '完了']) {
      const option = (await screen.findAllByTitle(label)).find((el) => el.classList.contains('ant-select-item-option'));
      if (!option) throw new Error(`no option ${label}`);
      await user.click(option);
    }
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/improvement').getAll('statusMap')).toEqual(['IN_PROGRESS', 'COMPLETED']);
    });
    expect(screen.getByTitle('対応中・完了')).toHaveTextContent('対応中・完了');
  });

  it('opens a report beside the list: source, thread, and the reader is marked read', async () => {
    const server = stubServer(improvementRoutes());
    renderApp('/home/improvement/5');
    const detail = within(await screen.findByRole('region', { name: '改善報告の詳細' }));
    expect(await detail.findByRole('heading', { name: toiletReport.subject })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '改善報告一覧' })).toBeInTheDocument();
    expect(detail.getByText('チェック「月次 店舗衛生点検」の回答')).toBeInTheDocument();
    expect(detail.getByText('清掃業者に連絡済み')).toBeInTheDocument();
    expect(detail.getByRole('img', { name: 'トイレは清潔に保たれているかの写真1' })).toHaveAttribute('src', '/api/photo/31/thumbnail?ORG_ID=2');
    expect(detail.getByLabelText('改善報告 店舗001')).toHaveTextContent('清掃しました');
    expect(detail.getByRole('img', { name: '改善報告の写真1' })).toHaveAttribute('src', '/api/photo/41/thumbnail?ORG_ID=2');
    expect(detail.getByText('システム')).toBeInTheDocument();
    await waitFor(() => {
      expect(server.calls('POST /api/improvement/5/read')).toHaveLength(1);
    });
    expect(detail.getByRole('button', { name: '差し戻す' })).toBeInTheDocument();
    expect(detail.getByRole('button', { name: '完了にする' })).toBeInTheDocument();
    expect(detail.queryByRole('button', { name: '改善を報告' })).not.toBeInTheDocument();
    expect(server.unknown).toEqual([]);
  });

  it('beside a report, keeps the list to status, title (cut short, whole in its title) and store, the report shown marked', async () => {
    stubServer(improvementRoutes());
    renderApp('/home/improvement/5');
    const table = await screen.findByRole('table', { name: '改善報告一覧' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['状態', '件名', '店舗']);
    const shown = within(table).getByRole('link', { name: toiletReport.subject });
    expect(shown).toHaveAttribute('title', toiletReport.subject);
    expect(shown).toHaveStyle({ textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    expect(shown.closest('tr')).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getByRole('link', { name: surveyReport.subject }).closest('tr')).toHaveAttribute('aria-selected', 'false');
  });

  it('asks for a reason before sending back, then sends the step with the version read', async () => {
    const steps: ImprovementStep[] = [];
    const server = stubServer(
      improvementRoutes({
        'POST /api/improvement/5/event': async (request) => {
          steps.push((await request.json()) as ImprovementStep);
          return { data: null, message: '改善報告を更新しました。' };
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/improvement/5');
    const detail = within(await screen.findByRole('region', { name: '改善報告の詳細' }));
    await user.click(await detail.findByRole('button', { name: '差し戻す' }));
    expect(await detail.findByText('理由を入力してください。')).toBeInTheDocument();
    expect(server.calls('POST /api/improvement/5/event')).toHaveLength(0);

    await user.type(detail.getByLabelText('コメント・理由'), '奥の棚も');
    await user.click(detail.getByRole('button', { name: '差し戻す' }));
    await waitFor(() => {
      expect(steps).toEqual([{ action: 'SEND_BACK', text: '奥の棚も', photoIdList: [], version: 3 }]);
    });
    expect(await screen.findByText('改善報告を更新しました。')).toBeInTheDocument();
  });

  it('gives the report to someone who can see the store, with the version read', async () => {
    const changes: unknown[] = [];
    const server = stubServer(
      improvementRoutes({
        'PUT /api/improvement/5': async (request) => {
          changes.push(await request.json());
          return { data: null, message: '改善報告を更新しました。' };
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/improvement/5');
    const detail = within(await screen.findByRole('region', { name: '改善報告の詳細' }));
    await user.click(await detail.findByRole('combobox', { name: '担当者' }));
    await user.type(detail.getByRole('combobox', { name: '担当者' }), '新宿');
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/improvement/5/assignee').get('searchText')).toBe('新宿');
    });
    await user.click(await screen.findByText('新宿 店員（store001）'));
    await waitFor(() => {
      expect(changes).toEqual([{ assigneeUserId: 3, version: 3 }]);
    });
  });

  it('shows the server message of a refused reply beside its field and keeps the text', async () => {
    const storeDetail = { ...toiletDetail, side: 'STORE' as const, actionList: ['REPLY', 'COMMENT'] as const };
    stubServer(
      improvementRoutes(
        {
          'GET /api/improvement': { data: improvementPage([toiletReport], 'STORE') },
          'GET /api/improvement/5': { data: { ...storeDetail, actionList: [...storeDetail.actionList] } },
          'GET /api/improvement/waiting': { data: { waitingCount: 1 } },
          'POST /api/improvement/5/event': {
            status: 400,
            message: '入力内容に誤りがあります。',
            data: { fieldErrors: { photoIdList: 'この改善報告の返信には写真を1枚以上添付してください。' } },
          },
        },
        storeStaff,
      ),
    );
    const user = setupUser();
    renderApp('/home/improvement/5');
    const detail = within(await screen.findByRole('region', { name: '改善報告の詳細' }));
    expect(await detail.findByText('改善の報告には写真を1枚以上添付してください。')).toBeInTheDocument();
    await user.type(detail.getByLabelText('コメント・理由'), '清掃しました');
    await user.click(detail.getByRole('button', { name: '改善を報告' }));
    expect(await detail.findByText('この改善報告の返信には写真を1枚以上添付してください。')).toBeInTheDocument();
    expect(detail.getByLabelText('コメント・理由')).toHaveValue('清掃しました');
    // Store staff neither create reports nor filter by store.
    expect(screen.queryByRole('button', { name: '新規作成' })).not.toBeInTheDocument();
  });

  it('on a phone shows the list as cards and a report in its place, with the way back', async () => {
    viewport(390);
    stubServer(improvementRoutes());
    const user = setupUser();
    const { router } = renderApp('/home/improvement/');
    const cards = await screen.findAllByTestId('improvement-card');
    expect(cards).toHaveLength(2);
    await user.click(within(cards[0] as HTMLElement).getByText(toiletReport.subject));
    const detail = within(await screen.findByRole('region', { name: '改善報告の詳細' }));
    expect(router.state.location.pathname).toBe('/improvement/5');
    expect(screen.queryByRole('list', { name: '改善報告一覧' })).not.toBeInTheDocument();
    await user.click(detail.getByRole('link', { name: /一覧へ戻る/ }));
    expect(await screen.findAllByTestId('improvement-card')).toHaveLength(2);
  });

  it('on a phone gives the status and store filters one line, evenly', async () => {
    viewport(390);
    stubServer(improvementRoutes());
    renderApp('/home/improvement/');
    await screen.findAllByTestId('improvement-card');
    const filters = [screen.getByLabelText('状態で絞り込み'), screen.getByLabelText('店舗で絞り込み')].map(
      (input) => input.closest('.ant-select') as HTMLElement,
    );
    // Two 160 px bases fit beside each other in a phone's 366 px and grow alike.
    for (const filter of filters) expect(filter).toHaveStyle({ flex: '1 1 160px', maxWidth: '280px' });
  });
});
