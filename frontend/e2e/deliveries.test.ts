import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/screenshots';
import { DEMO } from './support/session';
import { DESKTOP, PHONE, signedInPages } from './support/suite';

// The delivery history (issue 15, /system/push_history/): mfauser's sign-in sends its code by mail,
// and sysadmin finds the delivery, sent, in the history of every organization; the list reads on a phone.

const baseURL = inject('baseURL');
const pages = signedInPages(baseURL);
let page: Page;

describe('delivery history', () => {
  it('sysadmin finds the mail of a sign-in code among the deliveries', async () => {
    page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
    const login = await page.request.post(`${baseURL}/login`, {
      data: { organizationId: 3, userAccount: DEMO.mfauser.account, password: DEMO.mfauser.password },
      headers: { Origin: baseURL },
    });
    expect(login.status()).toBe(200);
    // That sign-in replaced sysadmin's session in this page's cookies: sign in again.
    await page.close();
    page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
    await page.goto(`${baseURL}/home/system/push_history/?searchText=mfauser`);
    const row = page.getByRole('table', { name: '通知履歴' }).locator('tbody tr.ant-table-row').first();
    await row.getByText(/mfauser@/).waitFor();
    await row.getByText('送信済み').waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'system-push-history-desktop');
  });

  it('the list reads on a phone', async () => {
    page = await pages.open(PHONE, DEMO.sysadmin, '1');
    await page.goto(`${baseURL}/home/system/push_history/`);
    await page.getByRole('list', { name: '通知履歴' }).getByRole('listitem').first().waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);
  });

  it('after Back the search box shows the text of the URL and the list', async () => {
    page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
    await page.goto(`${baseURL}/home/system/push_history/?searchText=store001`);
    const box = page.getByRole('searchbox', { name: '検索' });
    await page.getByRole('table', { name: '通知履歴' }).waitFor();
    expect(await box.inputValue()).toBe('store001');
    await box.fill('mfauser');
    await box.press('Enter');
    await expect.poll(() => page.url()).toMatch(/searchText=(%22)?mfauser/);
    await page.goBack();
    await expect.poll(() => page.url()).toMatch(/searchText=(%22)?store001/);
    await expect.poll(() => box.inputValue()).toBe('store001');
  });
});
