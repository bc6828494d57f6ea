import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { apiPage, CIRCLE, createDemoCheckList } from './support/headOffice';
import { SIGNED_OUT_PROBE, watchPage } from './support/pageWatch';
import { fakeBrowserPushRegistration, startPushService } from './support/pushService';
import { saveScreenshot } from './support/screenshots';
import { DEMO, signIn } from './support/session';
import { DESKTOP, PHONE } from './support/suite';

// Notifications (issue 15): store001 turns on notifications on its phone, head office's check list
// comes to its reminder, and the reminder reaches store001's browser through the push service;
// the check-list editor previews the next notices.

const baseURL = inject('baseURL');
const LIST = '通知テストの点検';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Tokyo's date and time now, shifted by minutes. */
function tokyo(minutes = 0) {
  const at = new Date(Date.now() + 9 * 3600_000 + minutes * 60_000).toISOString();
  return { date: at.slice(0, 10), time: at.slice(11, 16), hour: Number(at.slice(11, 13)) };
}

/** The Tokyo date of an instant. */
function tokyoDateOf(iso: string): string {
  return iso ? new Date(Date.parse(iso) + 9 * 3600_000).toISOString().slice(0, 10) : '';
}

describe('notifications', () => {
  it('store001 turns on notifications and receives the reminder', async () => {
    const push = await startPushService();
    let context: BrowserContext | undefined;
    let other: BrowserContext | undefined;
    try {
      context = await browser.newContext({ viewport: PHONE, locale: 'ja-JP', hasTouch: true });
      await context.grantPermissions(['notifications'], { origin: baseURL });
      await context.addInitScript(fakeBrowserPushRegistration(push.endpoint, push.keys));
      const page = await context.newPage();
      const watch = watchPage(page);
      await signIn(page, baseURL, DEMO.store001);
      await page.goto(`${baseURL}/home/check/`);
      await page.getByRole('button', { name: /通知を受け取る/ }).click();
      await page.getByRole('button', { name: /この端末で通知を受け取る/ }).click();
      await page.locator('.ant-message-notice').filter({ hasText: 'この端末で通知を受け取ります。' }).waitFor();
      await page.getByText('登録済みの端末: 1台').waitFor();
      // This browser is the registered one: it may be released here.
      await expect.poll(() => page.getByRole('button', { name: 'この端末の通知を解除' }).isEnabled()).toBe(true);
      await saveScreenshot(page, 'notifications-store-phone');
      const setting = (await (await page.request.get(`${baseURL}/api/notification_setting`)).json()) as { data: { vapidPublicKey: string } };
      push.expectKey(setting.data.vapidPublicKey);

      // Head office's list for 新宿駅前店 ends tomorrow; its reminder (1 day before) came a minute ago —
      // unless today is a holiday or the organization's closing day, when the reminder rightly moves
      // (the editor's preview says so): then the period's start notice, a minute ago, is the one sent.
      const admin = await apiPage(browser, baseURL, DEMO.demoadmin);
      const now = tokyo(-1);
      const at = now.hour < 6 ? '00:00' : now.time; // near midnight a minute ago is yesterday: midnight is within the grace period
      const timing = { fromDate: now.date, toDate: tokyo(24 * 60 - 1).date, nextInterval: 1, nextDuration: 'DAYS', reminderDaysBefore: 1 };
      const preview = await admin.request.post(`${baseURL}/api/check_list_master/notification_preview?ORG_ID=2`, {
        // The preview lists notices still to come: ask about today's date with a time still ahead.
        data: { ...timing, startNotificationTime: '', reminderNotificationTime: '23:59' },
      });
      const planned = ((await preview.json()) as { data: { date: string }[] }).data;
      const remindsToday = tokyoDateOf(planned[0]?.date ?? '') === now.date;
      const expected = remindsToday ? `チェックの提出期限が近づいています: ${LIST}` : `チェック開始: ${LIST}`;
      await createDemoCheckList(admin, baseURL, {
        ...timing,
        checkListMasterName: LIST,
        startNotificationTime: remindsToday ? '' : at,
        reminderNotificationTime: remindsToday ? at : '',
        categoryList: [
          {
            categoryId: 0,
            categoryName: '店頭',
            itemList: [{ itemId: 0, question: '看板は点灯しているか', explanation: '', photoRequired: false, inapplicableAllowed: false, choiceList: CIRCLE }],
          },
        ],
      });
      await admin.close();
      // The notification task runs every minute; sysadmin runs it now rather than wait.
      const sys = await apiPage(browser, baseURL, DEMO.sysadmin);
      expect((await sys.request.post(`${baseURL}/api/system/schedule/send_notifications/run?ORG_ID=1`)).status()).toBe(200);
      await sys.close();

      // Other notices of the demo may reach store001's browser too: find this list's.
      const mine = () => push.received.find((message) => message.title.includes(LIST));
      await expect.poll(() => mine()?.title, { timeout: 60_000 }).toBe(expected);
      expect(push.problems).toEqual([]);
      expect(mine()?.url).toMatch(/\/home\/check\/\d+$/);
      // The link opens the sheet in the console.
      await page.goto(mine()?.url ?? '');
      await page.getByText('看板は点灯しているか').waitFor();
      expect(watch.unexpected([SIGNED_OUT_PROBE])).toEqual([]);

      // Another browser of the same user, never registered: the phone's registration is not its own,
      // so 解除 is not offered there.
      other = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP' });
      const desk = await other.newPage();
      await signIn(desk, baseURL, DEMO.store001);
      await desk.goto(`${baseURL}/home/check/`);
      await desk.getByRole('button', { name: /通知を受け取る/ }).click();
      await desk.getByText('登録済みの端末: 1台').waitFor();
      await desk.getByText('この端末は通知を受け取る登録がされていません。').waitFor();
      expect(await desk.getByRole('button', { name: 'この端末の通知を解除' }).isDisabled()).toBe(true);
    } finally {
      await other?.close();
      await context?.close();
      await push.close();
    }
  });

  it('the check-list editor previews the next notices', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'ja-JP' });
    const watch = watchPage(page);
    await signIn(page, baseURL, DEMO.demoadmin);
    await page.goto(`${baseURL}/home/check_list_master/add`);
    await page.getByLabel('チェックリスト名').fill('プレビューの確認');
    await page.getByLabel('リマインド通知時刻', { exact: true }).fill('17:00');
    await page.getByLabel('チェックリスト名').click(); // leaves the time picker with the typed time
    const preview = page.getByRole('region', { name: '次の通知' });
    await preview.getByText('チェックリマインド').first().waitFor({ timeout: 15_000 });
    await preview.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'checklist-notification-preview-desktop');
    expect(watch.unexpected([SIGNED_OUT_PROBE])).toEqual([]);
    await page.close();
  });
});
