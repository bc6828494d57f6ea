import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/screenshots';
import { DEMO, settled } from './support/session';
import { DESKTOP, PHONE, signedInPages } from './support/suite';

// History exports (issue 12) against the real server: demoadmin asks for this month's check
// results as XLSX, watches the file being made in the list until it is done, and downloads it;
// the list then reads well on a phone.

const baseURL = inject('baseURL');
const pages = signedInPages(baseURL);
let page: Page;

async function open(viewport: { width: number; height: number }) {
  page = await pages.open(viewport, DEMO.demoadmin);
}

describe('history export', () => {
  it('demoadmin asks for check results, sees the file made and downloads it', async () => {
    await open(DESKTOP);
    await page.goto(`${baseURL}/home/history_export/file/`);
    const form = page.getByRole('form', { name: 'エクスポートの依頼' });
    await form.getByText('チェック結果').waitFor();
    await settled(page);
    await form.getByRole('button', { name: 'エクスポート' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: 'エクスポートを受け付けました。' }).waitFor();

    const table = page.getByRole('table', { name: 'エクスポートしたファイル' });
    const row = table.locator('tbody tr.ant-table-row').first();
    await row.getByText(/^チェック結果_\d{8}-\d{8}_\d{8}-\d{6}\.xlsx$/).waitFor();
    // The list asks again while the file is made, until it is done.
    await row.getByText('完了', { exact: true }).waitFor({ timeout: 60_000 });
    await saveScreenshot(page, 'export-list-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /をダウンロード$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^チェック結果_.*\.xlsx$/);
    const path = await download.path();
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // an XLSX is a ZIP
    expect(bytes.length).toBeGreaterThan(4000);
  });

  it('the list reads on a phone, the type filter kept in the URL', async () => {
    await open(PHONE);
    await page.goto(`${baseURL}/home/history_export/file/?historyType=CHECK_RESULT`);
    const list = page.getByRole('list', { name: 'エクスポートしたファイル' });
    await list.getByRole('listitem').first().getByText('完了').waitFor();
    // The type filter of the URL is shown as chosen.
    await page
      .locator('.ant-select', { has: page.getByRole('combobox', { name: '種類で絞り込み' }) })
      .getByText('チェック結果')
      .waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'export-list-phone');
  });
});
