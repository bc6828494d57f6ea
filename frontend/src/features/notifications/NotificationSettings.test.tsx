import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentBody, stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { renderWithProviders } from '@/test/renderWithProviders';
import { allowSlowScreens, masterRoutes, setupUser } from '@/features/masters/testing';
import { calendarOf, valuesOf } from './calendarForm';
import { NotificationSettingsPanel } from './NotificationSettings';
import * as push from './push';

vi.mock('./push', async (importOriginal) => {
  const original = await importOriginal<typeof import('./push')>();
  return { ...original, pushSupported: vi.fn(original.pushSupported), currentSubscription: vi.fn(original.currentSubscription) };
});

allowSlowScreens();

describe('notification settings', { timeout: 60_000 }, () => {
  it('opens from the user menu, shows the address and the browsers, and saves a channel', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/check_list_master': { data: { items: [], total: 0, page: 1, size: 10 } },
        'GET /api/notification_setting': {
          data: { mail: true, push: true, mailAddress: 'demoadmin@rouder.example', subscriptions: 2, endpoints: ['https://push.example/a', 'https://push.example/b'], vapidPublicKey: 'BKey' },
        },
        'PUT /api/notification_setting': { data: null, message: '保存しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/check_list_master/');
    await user.click(await screen.findByRole('button', { name: 'ユーザーメニュー' }));
    await user.click(await screen.findByRole('menuitem', { name: /通知設定/ }));
    const dialog = within(await screen.findByRole('dialog', { name: '通知設定' }));
    expect(await dialog.findByText('demoadmin@rouder.example')).toBeInTheDocument();
    expect(dialog.getByText('登録済みの端末: 2台')).toBeInTheDocument();
    // jsdom has no service worker: the dialog says so instead of offering the buttons.
    expect(dialog.getByText(/このブラウザはプッシュ通知に対応していません/)).toBeInTheDocument();
    await user.click(dialog.getByRole('switch', { name: 'メールで受け取る' }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await sentBody(server.calls('PUT /api/notification_setting')[0])).toEqual({ mail: false, push: true });
  });

  it('says when there is no address to mail', async () => {
    stubServer(
      masterRoutes({
        'GET /api/check_list_master': { data: { items: [], total: 0, page: 1, size: 10 } },
        'GET /api/notification_setting': { data: { mail: true, push: false, mailAddress: '', subscriptions: 0, endpoints: [], vapidPublicKey: 'BKey' } },
      }),
    );
    const user = setupUser();
    renderApp('/home/check_list_master/');
    await user.click(await screen.findByRole('button', { name: 'ユーザーメニュー' }));
    await user.click(await screen.findByRole('menuitem', { name: /通知設定/ }));
    const dialog = within(await screen.findByRole('dialog', { name: '通知設定' }));
    expect(await dialog.findByText('メールアドレスが登録されていないため、メールは届きません。')).toBeInTheDocument();
    expect(dialog.getByRole('switch', { name: 'メールで受け取る' })).toBeDisabled();
    expect(dialog.getByText('登録済みの端末はありません。')).toBeInTheDocument();
  });
});

describe('this browser\'s push notifications', () => {
  const setting = { mail: true, push: true, mailAddress: 'store001@rouder.example', vapidPublicKey: 'BKey' };
  const subscribed = (endpoint: string) => ({ endpoint }) as PushSubscription;
  // Back to jsdom's answer (no push) for the other tests.
  afterEach(() => {
    vi.mocked(push.pushSupported).mockReset();
    vi.mocked(push.currentSubscription).mockReset();
  });

  it('cannot be stopped while no browser is registered', async () => {
    vi.mocked(push.pushSupported).mockReturnValue(true);
    vi.mocked(push.currentSubscription).mockResolvedValue(null);
    stubServer({ 'GET /api/notification_setting': { data: { ...setting, subscriptions: 0, endpoints: [] } } });
    renderWithProviders(<NotificationSettingsPanel />);
    expect(await screen.findByText('登録済みの端末はありません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /この端末で通知を受け取る/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'この端末の通知を解除' })).toBeDisabled();
  });

  it('cannot be stopped on a browser that is not the registered one, and says so', async () => {
    vi.mocked(push.pushSupported).mockReturnValue(true);
    vi.mocked(push.currentSubscription).mockResolvedValue(null);
    stubServer({ 'GET /api/notification_setting': { data: { ...setting, subscriptions: 1, endpoints: ['https://push.example/phone'] } } });
    renderWithProviders(<NotificationSettingsPanel />);
    expect(await screen.findByText('登録済みの端末: 1台')).toBeInTheDocument();
    expect(await screen.findByText('この端末は通知を受け取る登録がされていません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'この端末の通知を解除' })).toBeDisabled();
  });

  it('cannot be stopped when this browser\'s subscription is not one the server has for the user', async () => {
    vi.mocked(push.pushSupported).mockReturnValue(true);
    vi.mocked(push.currentSubscription).mockResolvedValue(subscribed('https://push.example/this'));
    stubServer({ 'GET /api/notification_setting': { data: { ...setting, subscriptions: 1, endpoints: ['https://push.example/phone'] } } });
    renderWithProviders(<NotificationSettingsPanel />);
    expect(await screen.findByText('この端末は通知を受け取る登録がされていません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'この端末の通知を解除' })).toBeDisabled();
  });

  it('can be stopped when this browser is the registered one', async () => {
    vi.mocked(push.pushSupported).mockReturnValue(true);
    vi.mocked(push.currentSubscription).mockResolvedValue(subscribed('https://push.example/this'));
    stubServer({
      'GET /api/notification_setting': { data: { ...setting, subscriptions: 2, endpoints: ['https://push.example/phone', 'https://push.example/this'] } },
    });
    renderWithProviders(<NotificationSettingsPanel />);
    expect(await screen.findByText('登録済みの端末: 2台')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'この端末の通知を解除' })).toBeEnabled();
    });
    expect(screen.queryByText('この端末は通知を受け取る登録がされていません。')).not.toBeInTheDocument();
  });
});

describe('the closing-day form', () => {
  it('splits the calendar into weekdays, dates and stores, and joins it back', () => {
    const calendar = {
      escalationDays: 3,
      version: 2,
      closingDayList: [
        { weekday: 6, label: '土曜日' },
        { weekday: 0, label: '日曜日' },
        { date: '2026-12-31', label: '年末' },
        { facilityId: 11, weekday: 2, label: '定休日' },
        { facilityId: 12, date: '2027-01-04', label: '棚卸' },
      ],
    };
    const values = valuesOf(calendar);
    expect(values.weekdays).toEqual([0, 6]);
    expect(values.dates).toEqual([{ date: '2026-12-31', label: '年末' }]);
    expect(values.stores).toHaveLength(2);
    // A wholly blank row is left out (one with a store and no day is refused by the form instead).
    values.stores.push({ facilityId: undefined, weekday: undefined, date: '', label: '' });
    const back = calendarOf(values, 2);
    expect(back.version).toBe(2);
    expect(back.closingDayList).toEqual([
      { weekday: 0, label: '日曜日' },
      { weekday: 6, label: '土曜日' },
      { date: '2026-12-31', label: '年末' },
      { facilityId: 11, weekday: 2, label: '定休日' },
      { facilityId: 12, date: '2027-01-04', label: '棚卸' },
    ]);
  });
});
