import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { saveScreenshot } from './support/screenshots';
import { DEMO, settled } from './support/session';
import { DESKTOP, signedInPages } from './support/suite';

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
    await row.getByRole('button', { name: /今すぐ実行/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '実行' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '実行を開始しました。' }).last().waitFor();
    await row.getByText('成功').waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'system-schedule-desktop');
  });
});
