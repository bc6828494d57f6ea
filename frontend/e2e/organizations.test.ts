import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { settled } from './support/session';
import { watchPage } from './support/pageWatch';

// The organization screens against the real server with the demo data (SEED_DEMO=true): the
// system administrator adds an organization and edits it (organizations cannot be deleted, so the
// test ends its service, which takes it out of the default list); デモ株式会社's administrator
// changes a label of its own organization and puts it back. Names carry a run id, so the tests
// also pass against a database that has seen earlier runs.

const baseURL = inject('baseURL');
const run = Date.now().toString(36).slice(-5).toUpperCase();

const ORGANIZATION = `E2E組織${run}`;
/** デモ株式会社's label of the store code, which other tests rely on. */
const DEMO_ID_LABEL = '店舗コード';
const SAVE = /^保\s*存$/;

let browser: Browser;
let page: Page;
let watch: ReturnType<typeof watchPage>;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  // Whatever happened above, デモ株式会社 keeps its label.
  const check = await browser.newPage();
  try {
    await check.request.post(`${baseURL}/login`, {
      data: { organizationId: 2, userAccount: 'demoadmin', password: 'Demoadmin#2026' },
    });
    const read = await check.request.get(`${baseURL}/api/organization/2?ORG_ID=2`);
    const { data } = (await read.json()) as { data: Record<string, unknown> & { externalDataIdLabel: string } };
    if (data.externalDataIdLabel !== DEMO_ID_LABEL) {
      const body: Record<string, unknown> = { ...data, externalDataIdLabel: DEMO_ID_LABEL };
      delete body.organizationId;
      delete body.storageUsage;
      await check.request.put(`${baseURL}/api/organization/2?ORG_ID=2`, { data: body });
    }
  } finally {
    await check.close();
    await browser.close();
  }
});

afterEach(async () => {
  await page.close();
  expect(watch.unexpected()).toEqual([]);
});

/** A signed-in page; a system administrator starts in the system organization. */
async function openAs(account: 'sysadmin' | 'demoadmin', viewport = { width: 1280, height: 900 }) {
  page = await browser.newPage({ viewport, locale: 'ja-JP' });
  watch = watchPage(page);
  const credentials =
    account === 'sysadmin'
      ? { organizationId: 1, userAccount: 'sysadmin', password: 'Sysadmin#2026' }
      : { organizationId: 2, userAccount: 'demoadmin', password: 'Demoadmin#2026' };
  const response = await page.request.post(`${baseURL}/login`, { data: credentials });
  expect(response.status()).toBe(200);
  if (account === 'sysadmin') await page.addInitScript("sessionStorage.setItem('rouder_organizationId', '1')");
  return page;
}

async function go(route: string) {
  await page.goto(`${baseURL}/home${route}`);
}

function toast(text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text }).last();
}

function fieldError(text: string): Locator {
  return page.locator('.ant-form-item-explain-error').filter({ hasText: text });
}

function input(id: string): Locator {
  return page.locator(`input#${id}`);
}

async function search(text: string) {
  const box = page.getByRole('searchbox', { name: '検索' });
  await box.fill(text);
  await box.press('Enter');
}

async function sidewaysOverflow(): Promise<number> {
  return Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
}

describe('organizations (system administrator)', () => {
  it('adds an organization after the checks, with its storage typed with commas', async () => {
    await openAs('sysadmin');
    await go('/organization/');
    await page.getByRole('table').getByRole('link', { name: 'デモ株式会社', exact: true }).waitFor();
    await page.getByRole('link', { name: /新規登録/ }).click();
    await page.waitForURL('**/home/organization/add');

    await page.getByRole('button', { name: SAVE }).click();
    await fieldError('組織名は必須です').waitFor();
    await toast('不正な入力値があります。各入力項目を確認してください。').waitFor();
    await input('organizationName').fill('組'.repeat(51));
    await fieldError('組織名は50文字以内です。').waitFor();
    await input('jkCode').fill('JKコード');
    await fieldError('ASCII文字のみを入力してください。').waitFor();
    await input('storageSize').fill('1,000円');
    await fieldError('整数で入力してください').waitFor();
    await input('externalDataIdLabel').fill('');
    await fieldError('主キー名は必須です').waitFor();
    await page.getByRole('switch', { name: 'IPアドレス制限' }).click();
    await page.getByRole('button', { name: /アドレスを追加/ }).click();
    await page.getByLabel('許可IPアドレス1', { exact: true }).fill('192.0.2.300');
    await fieldError('IPアドレスまたはCIDR(例: 192.0.2.0/24)の形式で入力してください。').waitFor();

    await input('organizationName').fill(ORGANIZATION);
    await input('jkCode').fill(`E2E-${run}`);
    await input('externalDataIdLabel').fill('店番');
    await page.getByLabel('許可IPアドレス1', { exact: true }).fill('192.0.2.0/24');
    await input('storageSize').fill('1,000');
    await input('maxStorageUsage').fill('5000000');
    await input('personInCharge').click();
    await expect(input('storageSize').inputValue()).resolves.toBe('1,000');
    await expect(input('maxStorageUsage').inputValue()).resolves.toBe('5,000,000');
    await page.getByText('約 4.8 MB', { exact: true }).waitFor();
    await expect.poll(() => fieldError('整数で入力してください').count()).toBe(0);
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL('**/home/organization/');

    // Found by its name; the storage as typed, with separators.
    await search(ORGANIZATION);
    const table = page.getByRole('table');
    await table.getByRole('link', { name: ORGANIZATION, exact: true }).waitFor();
    await page.getByText('1件', { exact: true }).waitFor();
    await expect(table.getByRole('link', { name: 'デモ株式会社', exact: true }).count()).resolves.toBe(0);
    await table.getByText('0 バイト / 4.8 MB').waitFor();
    await table.getByRole('link', { name: ORGANIZATION, exact: true }).click();
    await page.waitForURL(/\/home\/organization\/\d+$/);
    await expect(input('storageSize').inputValue()).resolves.toBe('1,000');
    await expect(input('jkCode').inputValue()).resolves.toBe(`E2E-${run}`);
    await expect(page.getByLabel('許可IPアドレス1', { exact: true }).inputValue()).resolves.toBe('192.0.2.0/24');
    await saveScreenshot(page, 'organization-edit', { fullPage: true });
  });

  it('edits it: a service that has ended leaves the list unless asked for', async () => {
    await openAs('sysadmin');
    await go(`/organization/?searchText=${encodeURIComponent(JSON.stringify(ORGANIZATION))}`);
    await page.getByRole('table').getByRole('link', { name: ORGANIZATION, exact: true }).click();
    await page.waitForURL(/\/home\/organization\/\d+$/);
    await input('personInCharge').fill('営業 E2E');

    // The end before the start is refused, as the server would. (Tab leaves a date field; Enter
    // would submit the form.)
    await input('serviceStartDate').click();
    await input('serviceStartDate').fill('2020/04/01');
    await input('serviceStartDate').press('Tab');
    await input('serviceEndDate').click();
    await input('serviceEndDate').fill('2020/03/31');
    await input('serviceEndDate').press('Tab');
    await settled(page);
    await page.getByRole('button', { name: SAVE }).click();
    await fieldError('サービス終了日はサービス開始日以降の日付にしてください。').waitFor();

    await input('serviceEndDate').click();
    await input('serviceEndDate').fill('2021/03/31');
    await input('serviceEndDate').press('Tab');
    await settled(page);
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL((url) => url.pathname === '/home/organization/' && url.searchParams.has('searchText'));

    await page.getByText('該当する組織はありません').waitFor();
    await page.getByRole('checkbox', { name: 'サービス終了した組織も表示' }).check();
    await page.waitForURL((url) => url.searchParams.get('showServiceEnd') === 'true');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: ORGANIZATION, exact: true }) });
    await row.getByText('サービス終了', { exact: true }).waitFor();
    await row.getByText('営業 E2E', { exact: true }).waitFor();
    await row.getByText('2020/04/01 〜 2021/03/31', { exact: true }).waitFor();
  });

  it('works at a phone width: cards, no sideways scrolling', async () => {
    await openAs('sysadmin', { width: 375, height: 812 });
    await go('/organization/');
    const cards = page.getByTestId('master-card-list');
    await cards.getByText('デモ株式会社', { exact: true }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await cards.getByText('デモ株式会社', { exact: true }).click();
    await page.waitForURL('**/home/organization/2');
    await expect(input('organizationName').inputValue()).resolves.toBe('デモ株式会社');
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
  });
});

describe('organizations (organization administrator)', () => {
  it('opens its own organization from the menu, changes a label and puts it back', async () => {
    await openAs('demoadmin');
    await go('/facility/');
    const menu = page.getByRole('navigation', { name: 'メインメニュー' });
    await menu.getByRole('link', { name: '店舗' }).waitFor();
    await expect(menu.getByRole('link', { name: '組織一覧' }).count()).resolves.toBe(0);
    await menu.getByRole('link', { name: '組織情報' }).click();
    await page.waitForURL('**/home/organization/2');
    await expect(input('organizationName').inputValue()).resolves.toBe('デモ株式会社');
    await page.getByText(/組織管理者が変更できるのは/).waitFor();

    // Only what the server lets it change is open.
    for (const id of ['organizationName', 'jkCode', 'personInCharge', 'storageSize', 'maxStorageUsage', 'serviceStartDate']) {
      expect(await input(id).isDisabled(), id).toBe(true);
    }
    for (const name of ['デモ', '改善報告', 'ユーザー数で課金']) {
      expect(await page.getByRole('switch', { name, exact: true }).isDisabled(), name).toBe(true);
    }
    for (const id of ['externalDataIdLabel', 'externalDataValueLabel']) {
      expect(await input(id).isEnabled(), id).toBe(true);
    }
    expect(await page.getByRole('switch', { name: '写真ライブラリの利用' }).isEnabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'IPアドレス制限' }).isEnabled()).toBe(true);
    await page.getByLabel('ストレージ使用量').waitFor();

    const changed = `店番${run}`;
    await input('externalDataIdLabel').fill(changed);
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    // It stays on its organization, which now has the new label, and the stores use it.
    expect(new URL(page.url()).pathname).toBe('/home/organization/2');
    await expect.poll(() => input('externalDataIdLabel').inputValue()).toBe(changed);
    await go('/facility/');
    await page.getByRole('columnheader', { name: changed }).waitFor();

    await go('/organization/2');
    await input('externalDataIdLabel').fill(DEMO_ID_LABEL);
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await go('/facility/');
    await page.getByRole('columnheader', { name: DEMO_ID_LABEL }).waitFor();
  });
});
