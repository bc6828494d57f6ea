import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/screenshots';
import { DEMO, settled } from './support/session';
import { DESKTOP, signedInPages } from './support/suite';

// Maintenance (issue 15, /system/maintenance/): sysadmin switches maintenance on; demoadmin gets
// the maintenance page and the public answer page its notice, while sysadmin keeps working under
// the banner; switched off, demoadmin is back.

const baseURL = inject('baseURL');
const pages = signedInPages(baseURL);
let page: Page;

async function switchMaintenance(on: boolean) {
  await page.goto(`${baseURL}/home/system/maintenance/`);
  const form = page.getByRole('form', { name: 'メンテナンスの設定' });
  await form.waitFor();
  await settled(page);
  const toggle = form.getByRole('switch', { name: '今すぐメンテナンス中にする' });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  if (on) await form.getByLabel('お知らせの文面').fill('システム更新のため停止しています。');
  await form.getByRole('button', { name: '保存' }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '保存しました。' }).last().waitFor();
}

describe('maintenance', () => {
  it('sysadmin switches maintenance on and off; demoadmin sees the maintenance page meanwhile', async () => {
    page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
    try {
      await switchMaintenance(true);
      // The administrator keeps working, under the banner.
      await page.getByRole('status').getByText('メンテナンス中です（システム管理者として操作しています）').waitFor();
      await saveScreenshot(page, 'system-maintenance-desktop');
      await page.close();

      page = await pages.open(DESKTOP, DEMO.demoadmin);
      await page.getByRole('heading', { name: 'ただいまメンテナンス中です' }).waitFor();
      await page.getByText('システム更新のため停止しています。').waitFor();
      await saveScreenshot(page, 'maintenance-page');
      const answer = await page.request.get(`${baseURL}/api/facility?ORG_ID=2`);
      expect(answer.status()).toBe(503);
      await page.close();
    } finally {
      page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
      await switchMaintenance(false);
    }
    await page.close();
    page = await pages.open(DESKTOP, DEMO.demoadmin);
    await page.goto(`${baseURL}/home/facility/`);
    await page.getByRole('table').getByText('新宿駅前店').waitFor();
    expect(await page.getByText('ただいまメンテナンス中です').count()).toBe(0);
  });
});
