import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { watchPage } from './support/pageWatch';
import { saveScreenshot } from './support/screenshots';
import { DEMO, settled } from './support/session';
import { DESKTOP, PHONE, signedInPages } from './support/suite';

// The check history (issue 15, /system/check_history/): sysadmin reads the demo's check activity
// this month, opens a day on its sheets, and the screen reads on a phone.

const baseURL = inject('baseURL');
const pages = signedInPages(baseURL);
let page: Page;

describe('check history', () => {
  it('sysadmin reads each day of the demo organization and opens its sheets', async () => {
    page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
    await page.goto(`${baseURL}/home/system/check_history/`);
    const table = page.getByRole('table', { name: 'チェック履歴' });
    const row = table.locator('tbody tr.ant-table-row').filter({ hasText: 'デモ株式会社' }).first();
    await row.waitFor();
    await settled(page);
    // This month is in the URL's absence; the period picker shows it.
    const month = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7).replace('-', '/');
    expect(await page.getByRole('textbox').first().inputValue()).toContain(month);
    await saveScreenshot(page, 'system-check-history-desktop');
    // A day with sheets started: its button is named by the day and the organization.
    const answer = await page.request.get(`${baseURL}/api/system/check_history`, {
      params: { ORG_ID: '1', historyDateFrom: `${month.replace('/', '-')}-01`, historyDateTo: `${month.replace('/', '-')}-28` },
    });
    const busy = ((await answer.json()) as { data: { organizationId: number; date: string; opened: number }[] }).data.find(
      (d) => d.organizationId === 2 && d.opened > 0,
    );
    expect(busy).toBeDefined();
    const date = busy?.date ?? '';
    const weekday = '日月火水木金土'[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
    await page.getByRole('button', { name: `${date.replaceAll('-', '/')}(${weekday}) デモ株式会社のシート` }).click();
    const sheets = page.getByRole('table', { name: 'この日のシート' });
    await sheets.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await sheets.locator('tbody tr.ant-table-row').first().innerText()).toMatch(/店/);
  });

  it('reads on a phone', async () => {
    page = await pages.open(PHONE, DEMO.sysadmin, '1');
    await page.goto(`${baseURL}/home/system/check_history/`);
    await page.getByRole('list', { name: 'チェック履歴' }).getByRole('listitem').first().waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'system-check-history-phone');
  });

  it('a reversed period says so at the picker without asking the server, and logs nothing', async () => {
    page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
    const watch = watchPage(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/system/check_history') asked.push(request.url());
    });
    await page.goto(`${baseURL}/home/system/check_history/?historyDateFrom=2026-11-30&historyDateTo=2026-11-01`);
    await page.getByText('終了日は開始日以降の日付にしてください。').waitFor();
    expect(await page.getByText('この期間のチェックはありません').count()).toBe(0);
    expect(await page.getByText('不正な入力値があります。各入力項目を確認してください。').count()).toBe(0);
    expect(await page.locator('.ant-picker-range.ant-picker-status-error').count()).toBe(1);
    expect(asked).toEqual([]);
    expect(watch.unexpected()).toEqual([]);
  });

  it('keeps the page of days in the URL through a reload and Back', async () => {
    page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
    // 92 days up to today: more than one page (20 days) of the demo's activity.
    const day = (offset: number) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    const period = `historyDateFrom=${day(-91)}&historyDateTo=${day(0)}`;
    await page.goto(`${baseURL}/home/system/check_history/?${period}`);
    const table = page.getByRole('table', { name: 'チェック履歴' });
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const firstOfPage1 = await table.locator('tbody tr.ant-table-row').first().innerText();
    await page.getByRole('listitem', { name: '2', exact: true }).click();
    await page.waitForURL(/[?&]page=2(&|$)/);
    await expect.poll(() => table.locator('tbody tr.ant-table-row').first().innerText()).not.toBe(firstOfPage1);
    const firstOfPage2 = await table.locator('tbody tr.ant-table-row').first().innerText();
    await page.reload();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await expect.poll(() => table.locator('tbody tr.ant-table-row').first().innerText()).toBe(firstOfPage2);
    expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('2');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await expect.poll(() => table.locator('tbody tr.ant-table-row').first().innerText()).toBe(firstOfPage1);
  });
});
