import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sentBody, stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, page, setupUser, shibuya, shinjuku } from '@/features/masters/testing';
import { demoCompany, organizationAdminRoutes } from '@/features/masters/organization/testing';

allowSlowScreens();

describe('休業日と通知 on the organization screen', { timeout: 60_000 }, () => {
  it('shows the calendar, and saves weekdays, dates, a store\'s day and the escalation with the version read', async () => {
    const server = stubServer(
      organizationAdminRoutes({
        'GET /api/organization/2': { data: demoCompany },
        'GET /api/facility': { data: page([shinjuku, shibuya]) },
        'GET /api/notification_calendar': {
          data: {
            escalationDays: 3,
            version: 4,
            closingDayList: [
              { weekday: 6, label: '土曜日' },
              { date: '2026-12-31', label: '年末年始' },
              { facilityId: shinjuku.facilityId, weekday: 3, label: '定休日' },
            ],
          },
        },
        'PUT /api/notification_calendar': { data: null, message: '保存しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/organization/2');
    const card = within((await screen.findByRole('heading', { name: '休業日と通知' })).closest('.ant-card') as HTMLElement);
    expect(await card.findByRole('checkbox', { name: '土曜日' })).toBeChecked();
    expect(card.getByRole('checkbox', { name: '日曜日' })).not.toBeChecked();
    expect(card.getByDisplayValue('年末年始')).toBeInTheDocument();
    expect(card.getByDisplayValue('定休日')).toBeInTheDocument();
    await user.click(card.getByRole('checkbox', { name: '日曜日' }));
    const days = card.getByRole('spinbutton', { name: /改善報告のエスカレーション/ });
    await user.clear(days);
    await user.type(days, '5');
    await user.click(card.getByRole('button', { name: /休業日と通知を保存/ }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await sentBody(server.calls('PUT /api/notification_calendar')[0])).toEqual({
      escalationDays: 5,
      version: 4,
      closingDayList: [
        { weekday: 0, label: '日曜日' },
        { weekday: 6, label: '土曜日' },
        { date: '2026-12-31', label: '年末年始' },
        { facilityId: shinjuku.facilityId, weekday: 3, label: '定休日' },
      ],
    });
  });

  it('shows the server\'s refusal', async () => {
    stubServer(
      organizationAdminRoutes({
        'GET /api/organization/2': { data: demoCompany },
        'GET /api/facility': { data: page([shinjuku]) },
        'GET /api/notification_calendar': { data: { escalationDays: 3, version: 1, closingDayList: [] } },
        'PUT /api/notification_calendar': { status: 403, message: 'この操作を行う権限がありません。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/organization/2');
    const card = within((await screen.findByRole('heading', { name: '休業日と通知' })).closest('.ant-card') as HTMLElement);
    await user.click(await card.findByRole('button', { name: /休業日と通知を保存/ }));
    // The refusal stays beside the form (and is toasted), and nothing pretends to be saved.
    expect((await card.findByRole('alert')).textContent).not.toBe('');
    expect(screen.queryByText('保存しました。')).not.toBeInTheDocument();
  });

  it('says what an incomplete row lacks, under the row, and saves nothing until it is mended', async () => {
    const server = stubServer(
      organizationAdminRoutes({
        'GET /api/organization/2': { data: demoCompany },
        'GET /api/facility': { data: page([shinjuku, shibuya]) },
        'GET /api/notification_calendar': {
          data: {
            escalationDays: 3,
            version: 4,
            // Both a weekday and a date on one store's day (the server refuses it; the form says so first).
            closingDayList: [{ facilityId: shinjuku.facilityId, weekday: 3, date: '2026-12-25', label: '定休日' }],
          },
        },
        'PUT /api/notification_calendar': { data: null, message: '保存しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/organization/2');
    const card = within((await screen.findByRole('heading', { name: '休業日と通知' })).closest('.ant-card') as HTMLElement);
    expect(await card.findByDisplayValue('定休日')).toBeInTheDocument();
    // A dated row with a name and no date, and a store's row with a store only.
    await user.click(card.getByRole('button', { name: /日付を追加/ }));
    await user.type(card.getByRole('textbox', { name: '休業日の名称' }), '棚卸');
    await user.click(card.getByRole('button', { name: /店舗の休業日を追加/ }));
    const stores = card.getAllByRole('combobox', { name: '店舗' });
    await user.click(stores[1] as HTMLElement);
    await user.click(await screen.findByTitle(shibuya.facilityName));
    await user.click(card.getByRole('button', { name: /休業日と通知を保存/ }));
    expect(await card.findByText('日付は必須です')).toBeInTheDocument();
    expect(card.getByText('曜日と日付はどちらか一方を指定してください。')).toBeInTheDocument();
    expect(card.getByText('曜日か日付を指定してください。')).toBeInTheDocument();
    expect(server.calls('PUT /api/notification_calendar')).toHaveLength(0);

    // Mended: the weekday cleared on the first store's row, the other two rows removed.
    await user.click(card.getByRole('button', { name: 'この休業日を削除' }));
    await user.click(card.getAllByRole('button', { name: 'この店舗の休業日を削除' })[1] as HTMLElement);
    const weekday = card.getByRole('combobox', { name: '毎週の曜日' }).closest('.ant-select') as HTMLElement;
    await user.hover(weekday);
    await user.click(weekday.querySelector('.ant-select-clear') as HTMLElement);
    await user.click(card.getByRole('button', { name: /休業日と通知を保存/ }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await sentBody(server.calls('PUT /api/notification_calendar')[0])).toEqual({
      escalationDays: 3,
      version: 4,
      closingDayList: [{ facilityId: shinjuku.facilityId, date: '2026-12-25', label: '定休日' }],
    });
  });
});
