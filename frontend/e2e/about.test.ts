import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/screenshots';
import { DEMO } from './support/session';
import { DESKTOP, PHONE, signedInPages } from './support/suite';

// About (issue 15, /other/about/): the build's version and environment, and the licence list made
// with this very build (make build runs backend/cmd/licenses).

const baseURL = inject('baseURL');
const pages = signedInPages(baseURL);
let page: Page;

describe('about', () => {
  it('sysadmin reads the build and the licences of its Go and npm packages', async () => {
    page = await pages.open(DESKTOP, DEMO.sysadmin, '1');
    await page.goto(`${baseURL}/home/other/about/`);
    const table = page.getByRole('table', { name: 'ライセンス' });
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByText('LOCAL', { exact: true }).last().waitFor();
    await saveScreenshot(page, 'other-about-desktop');
    const search = page.getByRole('searchbox', { name: 'パッケージ名・ライセンスで検索' });
    await search.fill('labstack/echo');
    await search.press('Enter');
    await table.getByText('github.com/labstack/echo/v4').waitFor();
    expect(await table.locator('tbody tr.ant-table-row').first().innerText()).toContain('MIT');
    await table.getByRole('button', { name: 'github.com/labstack/echo/v4のライセンス全文' }).click();
    await page.getByRole('dialog').getByText(/Permission is hereby granted/).waitFor();
    await page.keyboard.press('Escape');
    await search.fill('react-dom');
    await search.press('Enter');
    await table.getByText('react-dom').first().waitFor();
  });

  it('reads on a phone', async () => {
    page = await pages.open(PHONE, DEMO.sysadmin, '1');
    await page.goto(`${baseURL}/home/other/about/`);
    await page.getByRole('list', { name: 'ライセンス' }).getByRole('listitem').first().waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);
  });
});
