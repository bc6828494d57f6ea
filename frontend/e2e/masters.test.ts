import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { watchPage, type ExpectedFailure } from './support/pageWatch';

// The master-data screens against the real server with the demo data (SEED_DEMO=true): groups,
// stores, store tags and terminals of デモ株式会社 (organization 2). The tests run in order and
// share what they create (a group, then a store in it); names carry a run id, so they also pass
// against a database that has seen earlier runs.

const baseURL = inject('baseURL');
const run = Date.now().toString(36).slice(-5).toUpperCase();

const GROUP = `北関東ブロック${run}`;
const GROUP_RENAMED = `北関東ブロック改${run}`;
const STORE = `宇都宮駅前店${run}`;
const STORE_KANA = `ウツノミヤエキマエテン${run}`;
/** The same kana in half width, as a phone keyboard may type it. */
const STORE_KANA_HALF = 'ｳﾂﾉﾐﾔｴｷﾏｴ';
const SAVE = /^保\s*存$/;
const DELETE = /^削\s*除$/;

let browser: Browser;
let page: Page;
/** Uncaught exceptions and console errors of the current page; a test ends with none. */
let watch: ReturnType<typeof watchPage>;
/** Failed requests a test provokes on purpose (a refused delete answers 422). */
let expectedFailures: ExpectedFailure[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

afterEach(async () => {
  await page.close();
  expect(watch.unexpected(expectedFailures)).toEqual([]);
  expectedFailures = [];
});

/** A signed-in demo administrator's page (signed in through the API: the cookie stays in the context). */
async function openAs(viewport = { width: 1280, height: 800 }, account = 'demoadmin', password = 'Demoadmin#2026') {
  page = await browser.newPage({ viewport, locale: 'ja-JP' });
  watch = watchPage(page);
  const response = await page.request.post(`${baseURL}/login`, {
    data: { organizationId: 2, userAccount: account, password },
  });
  expect(response.status()).toBe(200);
  return page;
}

async function go(route: string) {
  await page.goto(`${baseURL}/home${route}`);
}

/** The newest toast (antd message) with this text; an earlier one may still be showing. */
function toast(text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text }).last();
}

/** Picks `title` in the group tree-select labelled `label` (typing narrows the tree first). */
async function pickGroup(field: Locator, title: string) {
  await field.click();
  await field.fill(title);
  await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click();
}

/** The store form's name field (its label also names a column of the list behind it). */
function storeName(): Locator {
  return page.locator('input#facilityName');
}

/** How many px the page is wider than the window (0 or less: nothing to scroll sideways). */
async function sidewaysOverflow(): Promise<number> {
  // A string, because the e2e code is typed without the DOM library.
  return Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
}

function fieldError(text: string): Locator {
  return page.locator('.ant-form-item-explain-error').filter({ hasText: text });
}

describe('master data (stores, groups, tags, terminals)', () => {
  it('adds a group under 東日本エリア, renames it and shows it in the tree', async () => {
    await openAs();
    await go('/group/');
    const tree = page.getByRole('tree', { name: 'グループ構成' });
    await tree.getByText('関東ブロック', { exact: true }).waitFor();
    await page.getByRole('link', { name: /新規登録/ }).click();
    await page.waitForURL('**/home/group/add');

    await page.getByRole('button', { name: SAVE }).click();
    await fieldError('グループ名は必須です').waitFor();
    await pickGroup(page.getByLabel('親グループ'), '東日本エリア');
    await page.getByLabel('グループ名', { exact: true }).fill('あ'.repeat(51));
    await fieldError('グループ名は50文字以内です。').waitFor();
    await page.getByLabel('グループ名', { exact: true }).fill(GROUP);
    await page.getByLabel('JKコード').fill('ＪＫコード');
    await fieldError('ASCII文字のみを入力してください。').waitFor();
    await page.getByLabel('JKコード').fill(`JK-${run}`);
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL('**/home/group/');

    // In the tree under 東日本エリア, and in the list with its parent.
    await tree.getByText(GROUP, { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: GROUP, exact: true }) });
    // The list is read again after the tree: wait for its row (one cell, or the locator is ambiguous).
    await row.getByRole('cell', { name: '東日本エリア', exact: true }).waitFor();

    // Rename.
    await row.getByRole('link', { name: GROUP, exact: true }).click();
    await page.waitForURL(/\/home\/group\/\d+$/);
    await page.getByLabel('グループ名', { exact: true }).fill(GROUP_RENAMED);
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL('**/home/group/');
    await tree.getByText(GROUP_RENAMED, { exact: true }).waitFor();
  });

  it('refuses to delete a group that still holds groups, with the server\'s reason', async () => {
    await openAs();
    expectedFailures = [{ status: 422, path: '/api/group/' }];
    await go('/group/?searchText=%22%E6%9D%B1%E6%97%A5%E6%9C%AC%E3%82%A8%E3%83%AA%E3%82%A2%22');
    await page.getByRole('button', { name: '東日本エリアを削除' }).click();
    await page.getByText('削除しますか？').waitFor();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: DELETE }).click();
    await toast('下位グループ・店舗・ユーザーのいずれかがあるため削除できません。').waitFor();
  });

  it('shows each store check under its field', async () => {
    await openAs();
    await go('/facility/add');
    await storeName().waitFor();
    await page.getByRole('button', { name: SAVE }).click();
    await fieldError('グループは必須です').waitFor();
    await fieldError('店舗名は必須です').waitFor();
    await fieldError('店舗名カナは必須です').waitFor();
    await toast('不正な入力値があります。各入力項目を確認してください。').waitFor();

    await storeName().fill('店'.repeat(51));
    await fieldError('店舗名は50文字以内です。').waitFor();
    await page.getByLabel('電話番号').fill('03(1234)5678');
    await fieldError('電話番号の形式で入力してください').waitFor();
    await page.getByLabel('店長名').fill('長'.repeat(41));
    await fieldError('店長名は40文字以内です。').waitFor();
    // The external id is named by the organization (デモ株式会社: 店舗コード).
    await page.getByLabel('店舗コード').fill('S'.repeat(31));
    await fieldError('店舗コードは30文字以内です。').waitFor();
  });

  it('adds a store with a tag to the new group, finds it by group and by half-width kana, edits it', async () => {
    await openAs();
    await go('/facility/add');
    await pickGroup(page.getByLabel('グループ', { exact: true }), GROUP_RENAMED);
    await storeName().fill(STORE);
    await page.getByLabel('店舗名カナ').fill(STORE_KANA);
    await page.getByLabel('電話番号').fill('028-123-4567');
    await page.getByLabel('店舗コード').fill(`E${run}`);
    await page.getByLabel('タグ').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('駅前', { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL('**/home/facility/');

    // Filter by the group: only the new store.
    await pickGroup(page.getByLabel('グループで絞り込み'), GROUP_RENAMED);
    const table = page.getByRole('table');
    await table.getByRole('link', { name: STORE, exact: true }).waitFor();
    await page.getByText('1件', { exact: true }).waitFor();
    await expect(table.getByRole('link', { name: '新宿駅前店', exact: true }).count()).resolves.toBe(0);

    // Search by half-width kana in the whole organization.
    await go('/facility/');
    await page.getByRole('searchbox', { name: '検索' }).fill(STORE_KANA_HALF);
    await page.getByRole('searchbox', { name: '検索' }).press('Enter');
    await table.getByRole('link', { name: STORE, exact: true }).waitFor();
    await page.getByText('1件', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: STORE, exact: true }) });
    await row.getByText('駅前', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('searchText')).toContain(STORE_KANA_HALF);

    // Edit; back on the list with the same search.
    await row.getByRole('link', { name: STORE, exact: true }).click();
    await page.waitForURL(/\/home\/facility\/\d+$/);
    await expect(page.locator('input#facilityNameKana').inputValue()).resolves.toBe(STORE_KANA);
    await page.getByLabel('店長名').fill('宇都宮 太郎');
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL((url) => url.pathname === '/home/facility/' && url.searchParams.has('searchText'));
    await row.getByText('028-123-4567').waitFor();
  });

  it('asks before leaving a changed store form', async () => {
    await openAs();
    await go('/facility/');
    await page.getByRole('table').getByRole('link', { name: '新宿駅前店', exact: true }).click();
    await page.getByLabel('店長名').fill('変更中');
    await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('グループ').click();
    await page.locator('.ant-modal-confirm-title').filter({ hasText: 'このページから移動しますか？' }).waitFor();
    await page.getByRole('button', { name: 'キャンセル' }).last().click();
    expect(new URL(page.url()).pathname).toMatch(/^\/home\/facility\/\d+$/);
  });

  it('deletes the store and then the emptied group', async () => {
    await openAs();
    await go(`/facility/?searchText=${encodeURIComponent(JSON.stringify(STORE))}`);
    await page.getByRole('table').getByRole('link', { name: STORE, exact: true }).click();
    await page.getByRole('button', { name: `${STORE}を削除` }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: DELETE }).click();
    await toast('削除しました。').waitFor();
    await page.waitForURL((url) => url.pathname === '/home/facility/');
    await page.getByText('該当する店舗はありません').waitFor();

    await go('/group/');
    await page.getByRole('button', { name: `${GROUP_RENAMED}を削除` }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: DELETE }).click();
    await toast('削除しました。').waitFor();
    await page.getByRole('tree', { name: 'グループ構成' }).getByText('関東ブロック', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('tree', { name: 'グループ構成' }).getByText(GROUP_RENAMED, { exact: true }).count())
      .toBe(0);
  });

  it('adds, renames and deletes a store tag in place', async () => {
    await openAs();
    const tag = `夜間営業${run}`;
    await go('/facility/attribute/');
    await page.getByRole('row').filter({ hasText: '駅前' }).first().waitFor();
    await page.getByRole('button', { name: /追\s*加/ }).click();
    await fieldError('タグ名は必須です').waitFor();
    await page.getByPlaceholder('新しいタグ名').fill(tag);
    await page.getByRole('button', { name: /追\s*加/ }).click();
    await toast('保存しました。').waitFor();
    const row = page.getByRole('row').filter({ hasText: tag });
    await row.getByRole('cell', { name: '0', exact: true }).waitFor();

    await row.getByRole('button', { name: `${tag}の名前を変更` }).click();
    const renamed = `深夜営業${run}`;
    await page.getByRole('table').getByRole('textbox', { name: 'タグ名' }).fill(renamed);
    await page.getByRole('table').getByRole('button', { name: SAVE }).click();
    await page.getByRole('row').filter({ hasText: renamed }).waitFor();

    await page.getByRole('button', { name: `${renamed}を削除` }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: DELETE }).click();
    await toast('削除しました。').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: renamed }).count()).toBe(0);
  });

  it('keeps the tag page in the address, turns to an added tag, and lets Esc cancel a rename', async () => {
    await openAs();
    const tag = `早朝営業${run}`;
    // One tag a page (a size the address may ask for): the demo's four tags make four pages.
    await go('/facility/attribute/?size=1&page=2');
    const table = page.getByRole('table');
    const shown = table.getByRole('row').nth(1);
    await shown.waitFor();
    const second = (await shown.getByRole('cell').first().textContent()) ?? '';
    expect(second).not.toBe('');
    await page.reload();
    await table.getByRole('row').filter({ hasText: second }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // Added while page 2 is shown: the list turns to the page the tag stands on, marked, the toast says which.
    await page.getByPlaceholder('新しいタグ名').fill(tag);
    await page.getByRole('button', { name: /追\s*加/ }).click();
    await toast(new RegExp(`保存しました。「${tag}」は\\d+ページ目です。`)).waitFor();
    const row = table.getByRole('row').filter({ hasText: tag });
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('rouder-row-highlighted');
    const added = /「.+」は(\d+)ページ目です。/.exec((await toast(tag).textContent()) ?? '')?.[1];
    await page.waitForURL((url) => url.searchParams.get('page') === (added === '1' ? null : added));

    // Esc leaves the name as it was and gives the focus back to the row's button.
    await row.getByRole('button', { name: `${tag}の名前を変更` }).click();
    const input = table.getByRole('textbox', { name: 'タグ名' });
    await input.fill('変えない名前');
    await input.press('Escape');
    await expect.poll(() => table.getByRole('textbox', { name: 'タグ名' }).count()).toBe(0);
    await row.getByRole('cell', { name: tag, exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")'))
      .toBe(`${tag}の名前を変更`);

    await row.getByRole('button', { name: `${tag}を削除` }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: DELETE }).click();
    await toast('削除しました。').waitFor();
  });

  it('explains that デモ株式会社 uses no terminals', async () => {
    await openAs();
    await go('/terminal/');
    await page.getByText('この組織は端末を使用しない設定です。').waitFor();
  });

  it('lets the store staff look but not change', async () => {
    await openAs(undefined, 'store001', 'Store001#2026');
    await go('/facility/');
    await page.getByRole('table').getByRole('link', { name: '新宿駅前店', exact: true }).click();
    await page.getByText('店舗を編集する権限がないため、表示のみです。').waitFor();
    expect(await storeName().isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: SAVE }).count()).toBe(0);
  });

  it('takes the screenshots of the group screen and the store list and form', async () => {
    await openAs();
    await go('/group/');
    await page.getByRole('tree', { name: 'グループ構成' }).getByText('九州ブロック', { exact: true }).waitFor();
    await page.getByRole('table').getByRole('link', { name: '九州ブロック', exact: true }).waitFor();
    await saveScreenshot(page, 'masters-group');

    await go('/facility/');
    await page.getByRole('table').getByRole('link', { name: '新宿駅前店', exact: true }).waitFor();
    await saveScreenshot(page, 'masters-facility-list');
    await page.getByRole('table').getByRole('link', { name: '新宿駅前店', exact: true }).click();
    await expect(storeName().inputValue()).resolves.toBe('新宿駅前店');
    await saveScreenshot(page, 'masters-facility-edit', { fullPage: true });
  });

  it('works at a phone width (375 × 812): cards, no sideways scrolling', async () => {
    await openAs({ width: 375, height: 812 });
    await go('/facility/');
    const cards = page.getByTestId('master-card-list');
    await cards.getByText('新宿駅前店', { exact: true }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const overflow = await sidewaysOverflow();
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'masters-facility-phone');

    // Sorting from the phone's select, then opening a store from its card.
    await page.getByLabel('並び順').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('店舗名カナ(降順)').click();
    await page.waitForURL((url) => url.searchParams.get('descending') === 'true');
    await cards.getByText('新宿駅前店', { exact: true }).click();
    await page.waitForURL(/\/home\/facility\/\d+$/);
    await storeName().waitFor();
    const formOverflow = await sidewaysOverflow();
    expect(formOverflow).toBeLessThanOrEqual(0);

    await go('/group/');
    await page.getByTestId('master-card-list').getByText('関東ブロック', { exact: true }).waitFor();
    const groupOverflow = await sidewaysOverflow();
    expect(groupOverflow).toBeLessThanOrEqual(0);
  });
});
