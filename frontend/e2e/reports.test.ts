import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/screenshots';
import { DEMO, settled } from './support/session';
import { DESKTOP, PHONE, signedInPages } from './support/suite';

// PDF reports (issue 13) against the real server: demoadmin asks for this month's basic report of
// the demo's monthly check for every store, watches it being made and downloads the PDF.

const baseURL = inject('baseURL');
const pages = signedInPages(baseURL);
let page: Page;

async function open(viewport: { width: number; height: number }) {
  page = await pages.open(viewport, DEMO.demoadmin);
}

describe('reports', () => {
  it('demoadmin makes a basic report of every store and downloads the PDF', async () => {
    await open(DESKTOP);
    await page.goto(`${baseURL}/home/report/file/`);
    const form = page.getByRole('form', { name: 'レポートの作成' });
    await form.getByText('基本レポート').waitFor();
    const list = form.getByRole('combobox', { name: 'チェックリスト' });
    await list.click();
    await settled(page);
    await page.locator('.ant-select-dropdown:visible').getByTitle('月次 店舗衛生点検', { exact: true }).click();
    await settled(page);
    await form.getByRole('button', { name: /^全\d+店舗を追加$/ }).click();
    await expect(page.getByTestId('target-facility-count').textContent()).resolves.toMatch(/^対象店舗: [1-9]\d*店舗/);
    await form.getByRole('button', { name: 'レポートを作成' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: 'レポートの作成を受け付けました。' }).waitFor();

    const row = page.getByRole('table', { name: '作成したレポート' }).locator('tbody tr.ant-table-row').first();
    await row.getByText(/^基本レポート_\d{8}-\d{8}_\d{8}-\d{6}\.pdf$/).waitFor();
    await row.getByText('完了', { exact: true }).waitFor({ timeout: 60_000 });
    await saveScreenshot(page, 'report-list-desktop');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /をダウンロード$/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^基本レポート_.*\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('the report list reads on a phone', async () => {
    await open(PHONE);
    await page.goto(`${baseURL}/home/report/file/?reportType=BASIC`);
    await page.getByRole('list', { name: '作成したレポート' }).getByRole('listitem').first().getByText('完了').waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'report-list-phone');
  });

  it('the period picker opens on a phone as a sheet wholly on the screen, its field in view above it', async () => {
    await open(PHONE);
    await page.goto(`${baseURL}/home/report/file/`);
    const form = page.getByRole('form', { name: 'レポートの作成' });
    const field = form.locator('.ant-picker-range');
    await field.locator('input').first().click();
    const sheet = page.locator('.rouder-range-popup:visible');
    await sheet.getByText(/^\d{4}年$/).first().waitFor();
    await settled(page);
    const [sheetBox, fieldBox] = await Promise.all([sheet.boundingBox(), field.boundingBox()]);
    if (!sheetBox || !fieldBox) throw new Error('no period sheet or field');
    expect(sheetBox.y).toBeGreaterThanOrEqual(0);
    expect(sheetBox.y + sheetBox.height).toBeLessThanOrEqual(PHONE.height + 1);
    expect(sheetBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(fieldBox.y).toBeGreaterThanOrEqual(0);
    expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(sheetBox.y);
    await saveScreenshot(page, 'report-period-phone');
  });
});
