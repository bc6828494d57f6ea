import { screen, within } from '@testing-library/react';
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
    expect(server.calls('GET /api/system/check_history')).toHaveLength(0);
  });
});
