import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, lastQuery, page, setupUser } from '@/features/masters/testing';
import { systemRoutes } from '@/features/masters/organization/testing';

allowSlowScreens();

const delivery = {
  deliveryKey: 'mail:7',
  deliveryId: 7,
  kind: 'MAIL' as const,
  organizationId: 2,
  organizationName: 'デモ株式会社',
  channel: 'MAIL' as const,
  recipient: 'store001@rouder.example',
  subject: '【ROUDER】チェック開始のお知らせ',
  status: 'RETRYING' as const,
  attempts: 3,
  lastError: '451 4.3.0 try again later',
  createDate: '2026-11-25T01:00:00Z',
};

describe('delivery history', { timeout: 60_000 }, () => {
  it('lists deliveries with their status and the mail server answer, filters by status in the URL', async () => {
    const missed = { ...delivery, deliveryKey: 'send:3', deliveryId: 3, kind: 'CHECK_REMINDER' as const, channel: 'PUSH' as const,
      recipient: '新宿 店員 (store001)', status: 'MISSED' as const, attempts: 0, lastError: '' };
    const server = stubServer(systemRoutes({ 'GET /api/system/push_history': { data: page([delivery, missed]) } }));
    const user = setupUser();
    renderApp('/home/system/push_history/');
    const table = within(await screen.findByRole('table', { name: '通知履歴' }));
    expect(await table.findByText('store001@rouder.example')).toBeInTheDocument();
    expect(table.getByText('再送中')).toBeInTheDocument();
    expect(table.getByText('451 4.3.0 try again later')).toBeInTheDocument();
    // A push reminder the service could not send in time.
    expect(table.getByText('プッシュ')).toBeInTheDocument();
    expect(table.getByText('チェックリマインド')).toBeInTheDocument();
    expect(table.getByText('見送り（停止中に期限切れ）')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '状態で絞り込み' }));
    await user.click(await screen.findByTitle('送信済み'));
    await vi.waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/system/push_history').get('status')).toBe('SENT');
    });
  });

  it('searches with the text in the URL, and after Back the box shows the URL\'s text again', async () => {
    const server = stubServer(systemRoutes({ 'GET /api/system/push_history': { data: page([delivery]) } }));
    const user = setupUser();
    const { router } = renderApp('/home/system/push_history/?searchText=store001');
    const box = await screen.findByRole('searchbox', { name: '検索' });
    expect(box).toHaveValue('store001');
    await user.clear(box);
    await user.type(box, 'mfauser{Enter}');
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ searchText: 'mfauser' });
    });
    await waitFor(() => {
      expect(lastQuery(server.requests, 'GET /api/system/push_history').get('searchText')).toBe('mfauser');
    });
    router.history.back();
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ searchText: 'store001' });
    });
    await waitFor(() => {
      expect(screen.getByRole('searchbox', { name: '検索' })).toHaveValue('store001');
    });
  });

  it('shows the empty state', async () => {
    stubServer(systemRoutes({ 'GET /api/system/push_history': { data: page([]) } }));
    renderApp('/home/system/push_history/');
    expect(await screen.findByText('通知はありません')).toBeInTheDocument();
  });
});
