import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/screenshots';
import { DEMO, settled } from './support/session';
import { DESKTOP, PHONE, signedInPages } from './support/suite';

// Scheduled tasks (issue 15, /system/schedule/): sysadmin runs the file expiry now and sees it succeed.

const baseURL = inject('baseURL');
const pages = signedInPages(baseURL);
let page: Page;

describe('scheduled tasks', () => {
  it('sysadmin runs a task now and sees it succeed', async () => {
    page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
    await page.goto(`${baseURL}/home/system/schedule/`);
    const row = page.getByRole('table', { name: 'スケジュール' }).locator('tbody tr.ant-table-row').filter({ hasText: '保存期限を過ぎたファイルの削除' });
    await row.waitFor();
    await settled(page);
    const lastRun = async () => {
      const answer = await page.request.get(`${baseURL}/api/system/schedule?ORG_ID=1`);
      const body = (await answer.json()) as { data: { taskKey: string; lastRunDate?: string }[] };
      return body.data.find((t) => t.taskKey === 'expire_files')?.lastRunDate ?? '';
    };
    const before = await lastRun();
    await row.getByRole('button', { name: /今すぐ実行/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '実行' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '実行を開始しました。' }).last().waitFor();
    // A new run, not the one at start: its time moves, and it ends in success.
    await expect.poll(lastRun, { timeout: 30_000 }).not.toBe(before);
    await row.getByText('成功').waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'system-schedule-desktop');
  });

  it('the schedule and the maintenance screens read on a phone', async () => {
    page = await pages.open(PHONE, DEMO.sysadmin, '1');
    await page.goto(`${baseURL}/home/system/schedule/`);
    await page.getByRole('list', { name: 'スケジュール' }).getByRole('listitem').first().waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);
    await page.goto(`${baseURL}/home/system/maintenance/`);
    await page.getByRole('form', { name: 'メンテナンスの設定' }).waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);
  });
});
