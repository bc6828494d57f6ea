import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, lastQuery, page, setupUser } from '@/features/masters/testing';
import { systemRoutes } from '@/features/masters/organization/testing';
import { dayjs } from '@/lib/time/dayjs';

allowSlowScreens();

const day = {
  organizationId: 2,
  organizationName: 'デモ株式会社',
  date: '2026-11-20',
  opened: 5,
  submitted: 3,
  expected: 40,
  done: 30,
  completionRate: 75,
};
const sheet = {
  sheetId: 9,
  facilityName: '新宿駅前店',
  checkListMasterName: '月次 店舗衛生点検',
  fromDate: '2026-11-01',
  toDate: '2026-11-30',
  openedDate: '2026-11-20T01:00:00Z',
  answered: 2,
  total: 6,
};

describe('check history', { timeout: 60_000 }, () => {
  it('reads this month by default, shows each day, and opens a day on its sheets', async () => {
    const server = stubServer(
      systemRoutes({
        'GET /api/system/check_history': { data: [day, { ...day, organizationId: 3, organizationName: 'メール認証デモ株式会社', expected: 0, done: 0, completionRate: 0 }] },
        'GET /api/system/check_history/sheets': { data: page([sheet]) },
      }),
    );
    const user = setupUser();
    renderApp('/home/system/check_history/');
    const table = within(await screen.findByRole('table', { name: 'チェック履歴' }));
    expect(await table.findByText('デモ株式会社')).toBeInTheDocument();
    expect(table.getByText('30 / 40')).toBeInTheDocument();
    expect(table.getByText('対象なし')).toBeInTheDocument();
    const asked = lastQuery(server.requests, 'GET /api/system/check_history');
    const today = dayjs().tz();
    expect(asked.get('historyDateFrom')).toBe(today.startOf('month').format('YYYY-MM-DD'));
    expect(asked.get('historyDateTo')).toBe(today.endOf('month').format('YYYY-MM-DD'));

    await user.click(table.getByRole('button', { name: '2026/11/20(金) デモ株式会社のシート' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('新宿駅前店')).toBeInTheDocument();
    expect(drawer.getByText('回答中 2 / 6')).toBeInTheDocument();
    expect(lastQuery(server.requests, 'GET /api/system/check_history/sheets').get('organizationId')).toBe('2');
  });

  it('takes the period from the URL, written with or without hyphens', async () => {
    const server = stubServer(systemRoutes({ 'GET /api/system/check_history': { data: [] } }));
    renderApp('/home/system/check_history/?historyDateFrom=20261001&historyDateTo=2026-10-31');
    expect(await screen.findByText('この期間のチェックはありません')).toBeInTheDocument();
    expect(lastQuery(server.requests, 'GET /api/system/check_history').get('historyDateFrom')).toBe('2026-10-01');
  });

  it('says a period is too long', async () => {
    const server = stubServer(systemRoutes({ 'GET /api/system/check_history': { data: [] } }));
    renderApp('/home/system/check_history/?historyDateFrom=2026-01-01&historyDateTo=2026-11-30');
    expect(await screen.findByText('期間は92日以内で指定してください。')).toBeInTheDocument();
    expect(screen.queryByText('この期間のチェックはありません')).not.toBeInTheDocument();
    expect(server.calls('GET /api/system/check_history')).toHaveLength(0);
  });

  it('says a reversed period is one, marks the picker, and asks nothing', async () => {
    const server = stubServer(systemRoutes({ 'GET /api/system/check_history': { data: [] } }));
    renderApp('/home/system/check_history/?historyDateFrom=2026-11-30&historyDateTo=2026-11-01');
    expect(await screen.findByText('終了日は開始日以降の日付にしてください。')).toBeInTheDocument();
    expect(screen.queryByText('この期間のチェックはありません')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-picker-range')).toHaveClass('ant-picker-status-error');
    expect(server.calls('GET /api/system/check_history')).toHaveLength(0);
  });

  it("shows the server's field message for a period it refuses, not the general one nor the empty text", async () => {
    stubServer(
      systemRoutes({
        'GET /api/system/check_history': {
          status: 400,
          message: '不正な入力値があります。各入力項目を確認してください。',
          data: { fieldErrors: { historyDateTo: '終了日は開始日以降の日付にしてください。' } },
        },
      }),
    );
    renderApp('/home/system/check_history/?historyDateFrom=2026-11-01&historyDateTo=2026-11-30');
    expect(await screen.findByText('終了日は開始日以降の日付にしてください。')).toBeInTheDocument();
    expect(screen.queryByText('不正な入力値があります。各入力項目を確認してください。')).not.toBeInTheDocument();
    expect(screen.queryByText('この期間のチェックはありません')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-picker-range')).toHaveClass('ant-picker-status-error');
  });

  it('keeps the page of days in the URL, and Back returns to the page before', async () => {
    const month = Array.from({ length: 25 }, (_, i) => ({ ...day, date: `2026-11-${String(30 - i).padStart(2, '0')}` }));
    stubServer(systemRoutes({ 'GET /api/system/check_history': { data: month } }));
    const user = setupUser();
    const { router } = renderApp('/home/system/check_history/?historyDateFrom=2026-11-01&historyDateTo=2026-11-30&page=2');
    const table = within(await screen.findByRole('table', { name: 'チェック履歴' }));
    // Page 2 of 20 a page: the 21st day (11/10) first, the 1st (11/30) not there.
    expect(await table.findByRole('button', { name: '2026/11/10(火) デモ株式会社のシート' })).toBeInTheDocument();
    expect(table.queryByRole('button', { name: '2026/11/30(月) デモ株式会社のシート' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: '1' }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ historyDateFrom: '2026-11-01', historyDateTo: '2026-11-30' });
    });
    expect(await table.findByRole('button', { name: '2026/11/30(月) デモ株式会社のシート' })).toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ page: 2 });
    });
    router.history.back();
    await waitFor(() => {
      expect(router.state.location.search).not.toHaveProperty('page');
    });
    expect(await table.findByRole('button', { name: '2026/11/30(月) デモ株式会社のシート' })).toBeInTheDocument();
  });
});
