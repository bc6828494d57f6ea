import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { watchPage } from './support/pageWatch';

// The user screens against the real server with the demo data (SEED_DEMO=true), as the demo
// organization's administrator: a group under 東日本エリア, a store with a tag in it, a user tag,
// and a user affiliated with that store, then the user edited (a generated password that signs
// in), searched, deleted, and everything made here removed again. The tests run in order and share
// what they create; names carry a run id, so they also pass against a database that has seen
// earlier runs.

const baseURL = inject('baseURL');
const run = Date.now().toString(36).slice(-5).toUpperCase();

const GROUP = `ユーザー試験ブロック${run}`;
const STORE = `つくば駅前店${run}`;
const STORE_KANA = `ツクバエキマエテン${run}`;
const USER_TAG = `研修中${run}`;
const ACCOUNT = `tsukuba${run.toLowerCase()}`;
const LAST_NAME = 'ツクバ';
const FIRST_NAME = `ハナコ${run}`;
/** The user's name in half-width kana, as a phone keyboard may type it. */
const NAME_HALF = 'ﾂｸﾊﾞﾊﾅｺ';
const SAVE = /^保\s*存$/;
const DELETE = /^削\s*除$/;

let browser: Browser;
let page: Page;
/** Uncaught exceptions and console errors of the current page; a test ends with none. */
let watch: ReturnType<typeof watchPage>;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

afterEach(async () => {
  await page.close();
  expect(watch.unexpected()).toEqual([]);
});

/** A signed-in demo administrator's page (signed in through the API: the cookie stays in the context). */
async function openAs(viewport = { width: 1280, height: 800 }) {
  page = await browser.newPage({ viewport, locale: 'ja-JP' });
  watch = watchPage(page);
  const response = await page.request.post(`${baseURL}/login`, {
    data: { organizationId: 2, userAccount: 'demoadmin', password: 'Demoadmin#2026' },
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

function fieldError(text: string): Locator {
  return page.locator('.ant-form-item-explain-error').filter({ hasText: text });
}

/** The open dropdown of a select or tree-select. */
function dropdown(): Locator {
  return page.locator('.ant-select-dropdown:visible');
}

/** Picks `title` in a group tree-select (typing narrows the tree first). */
async function pickGroup(field: Locator, title: string) {
  await field.click();
  await field.fill(title);
  await dropdown().getByTitle(title, { exact: true }).click();
}

/** How many px the page is wider than the window (0 or less: nothing to scroll sideways). */
async function sidewaysOverflow(): Promise<number> {
  // A string, because the e2e code is typed without the DOM library.
  return Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
}

const account = () => page.locator('input#userAccount');
const password = () => page.locator('input#password');
const mail = () => page.locator('input#mailAddress');

describe('users (list, form, tags)', () => {
  it('prepares a group under 東日本エリア, a store with a tag in it, and a user tag', async () => {
    await openAs();
    await go('/group/add');
    await pickGroup(page.getByLabel('親グループ'), '東日本エリア');
    await page.getByLabel('グループ名', { exact: true }).fill(GROUP);
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL('**/home/group/');

    await go('/facility/add');
    await pickGroup(page.getByLabel('グループ', { exact: true }), GROUP);
    await page.locator('input#facilityName').fill(STORE);
    await page.getByLabel('店舗名カナ').fill(STORE_KANA);
    await page.getByLabel('タグ').click();
    await dropdown().getByTitle('駅前', { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL('**/home/facility/');

    await go('/user/attribute/');
    await page.getByRole('heading', { name: 'ユーザータグ' }).waitFor();
    await page.getByRole('button', { name: /追\s*加/ }).click();
    await fieldError('タグ名は必須です').waitFor();
    await page.getByPlaceholder('新しいタグ名').fill(USER_TAG);
    await page.getByRole('button', { name: /追\s*加/ }).click();
    await toast('保存しました。').waitFor();
    await page.getByRole('row').filter({ hasText: USER_TAG }).getByRole('cell', { name: '0', exact: true }).waitFor();
  });

  it('shows each user check under its field', async () => {
    await openAs();
    await go('/user/');
    await page.getByRole('link', { name: /新規登録/ }).click();
    await page.waitForURL('**/home/user/add');
    await account().waitFor();
    await page.getByRole('button', { name: SAVE }).click();
    await toast('不正な入力値があります。各入力項目を確認してください。').waitFor();
    for (const message of [
      'ユーザーアカウントは必須です',
      '姓は必須です',
      '名は必須です',
      'パスワードは必須です',
      '所属グループは必須です',
      'メールアドレスは必須です',
    ]) {
      await fieldError(message).waitFor();
    }

    await account().fill('abc');
    await fieldError('ユーザーアカウントは5文字以上です。').waitFor();
    await account().fill('つくば花子さん');
    await fieldError('ASCII文字のみを入力してください。').waitFor();
    await account().fill('a'.repeat(51));
    await fieldError('ユーザーアカウントは50文字以内です。').waitFor();
    await page.getByLabel('姓', { exact: true }).fill('山'.repeat(21));
    await fieldError('姓は20文字以内です。').waitFor();
    await password().fill('abcdefgh');
    await fieldError('パスワードは8文字以上で英大文字、英小文字、数字、記号(').waitFor();
    await mail().fill('hanako@');
    await fieldError('メールアドレスの形式で入力してください。').waitFor();

    // A generated password passes the format check at once.
    await page.getByRole('button', { name: /生\s*成/ }).click();
    await expect.poll(() => fieldError('パスワードは8文字以上で').count()).toBe(0);
    expect(await password().inputValue()).toMatch(/^(?=(?:[^A-Z]*[A-Z]){1}[^A-Z]*$)(?=(?:[^0-9]*[0-9]){3}[^0-9]*$)[A-Za-z0-9]{8}$/);
  });

  it('adds a user affiliated with the new store, and finds it by half-width kana and by its tag', async () => {
    await openAs();
    await go('/user/add');
    await account().fill(ACCOUNT);
    await page.getByLabel('姓', { exact: true }).fill(LAST_NAME);
    await page.getByLabel('名', { exact: true }).fill(FIRST_NAME);
    await mail().fill(`${ACCOUNT}@example.com`);
    await password().fill('Tsukuba#2026');
    // The default main authority of docs/product/masters.md.
    await page.locator('.ant-form-item').filter({ has: page.locator('#mainAuthorityName') }).getByText('グループスタッフ').waitFor();
    await pickGroup(page.getByLabel('所属グループ'), GROUP);
    await page.getByLabel('所属店舗').click();
    await page.getByLabel('所属店舗').fill(STORE);
    await dropdown().getByTitle(STORE, { exact: true }).click();
    await page.getByLabel('タグ', { exact: true }).click();
    await dropdown().getByTitle(USER_TAG, { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL('**/home/user/');

    // By the name in half-width kana.
    const search = page.getByRole('searchbox', { name: '検索' });
    await search.fill(NAME_HALF);
    await search.press('Enter');
    const table = page.getByRole('table');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: ACCOUNT, exact: true }) });
    await row.waitFor();
    await row.getByText(STORE, { exact: true }).waitFor();
    await row.getByText(GROUP, { exact: true }).waitFor();
    await row.getByText('グループスタッフ', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('searchText')).toContain(NAME_HALF);
    await expect(table.getByRole('link', { name: 'demoadmin', exact: true }).count()).resolves.toBe(0);

    // By the tag: only this user carries it.
    await go('/user/');
    await page.getByLabel('タグで絞り込み').click();
    await dropdown().getByTitle(USER_TAG, { exact: true }).click();
    await row.waitFor();
    await page.getByText('1件', { exact: true }).waitFor();
  });

  it('edits the user: a generated password is saved and signs in', async () => {
    await openAs();
    await go(`/user/?searchText=${encodeURIComponent(JSON.stringify(ACCOUNT))}`);
    await page.getByRole('table').getByRole('link', { name: ACCOUNT, exact: true }).click();
    await page.waitForURL(/\/home\/user\/\d+$/);
    await expect.poll(() => account().inputValue()).toBe(ACCOUNT);
    // The store is shown by name, the password is left empty (kept unless reset).
    await page.locator('.ant-form-item').filter({ has: page.locator('#facilityId') }).getByText(STORE).waitFor();
    expect(await password().inputValue()).toBe('');

    await mail().fill(`${ACCOUNT}@example.jp`);
    await page.getByRole('button', { name: /生\s*成/ }).click();
    const generated = await password().inputValue();
    expect(generated).toMatch(/^[A-Za-z0-9]{8}$/);
    await page.getByRole('button', { name: SAVE }).click();
    await toast('保存しました。').waitFor();
    await page.waitForURL((url) => url.pathname === '/home/user/' && url.searchParams.has('searchText'));
    await page.getByRole('row').filter({ hasText: `${ACCOUNT}@example.jp` }).waitFor();

    // The new password is the user's now (signed in apart, so this page keeps its session).
    const other = await browser.newContext();
    try {
      const response = await other.request.post(`${baseURL}/login`, {
        data: { organizationId: 2, userAccount: ACCOUNT, password: generated },
      });
      expect(response.status()).toBe(200);
      expect(((await response.json()) as { code: number }).code).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('works at a phone width (375 × 812): cards, no sideways scrolling', async () => {
    await openAs({ width: 375, height: 812 });
    await go(`/user/?searchText=${encodeURIComponent(JSON.stringify(ACCOUNT))}`);
    const cards = page.getByTestId('master-card-list');
    await cards.getByText(ACCOUNT, { exact: true }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'masters-user-phone');
    await cards.getByText(ACCOUNT, { exact: true }).click();
    await page.waitForURL(/\/home\/user\/\d+$/);
    await account().waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
  });

  it('deletes the user, then the store, the group and the user tag made here', async () => {
    await openAs();
    await go(`/user/?searchText=${encodeURIComponent(JSON.stringify(ACCOUNT))}`);
    await page.getByRole('table').getByRole('link', { name: ACCOUNT, exact: true }).waitFor();
    await saveScreenshot(page, 'masters-user-list');
    await page.getByRole('table').getByRole('link', { name: ACCOUNT, exact: true }).click();
    await expect.poll(() => account().inputValue()).toBe(ACCOUNT);
    await saveScreenshot(page, 'masters-user-edit', { fullPage: true });
    await page.getByRole('button', { name: `${ACCOUNT}を削除` }).click();
    await page.getByText('削除しますか？').waitFor();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: DELETE }).click();
    await toast('削除しました。').waitFor();
    await page.waitForURL((url) => url.pathname === '/home/user/');
    await page.getByText('該当するユーザーはいません').waitFor();

    await go(`/facility/?searchText=${encodeURIComponent(JSON.stringify(STORE))}`);
    await page.getByRole('button', { name: `${STORE}を削除` }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: DELETE }).click();
    await toast('削除しました。').waitFor();
    await page.getByText('該当する店舗はありません').waitFor();

    await go('/group/');
    await page.getByRole('button', { name: `${GROUP}を削除` }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: DELETE }).click();
    await toast('削除しました。').waitFor();
    await expect
      .poll(() => page.getByRole('tree', { name: 'グループ構成' }).getByText(GROUP, { exact: true }).count())
      .toBe(0);

    await go('/user/attribute/');
    const tagRow = page.getByRole('row').filter({ hasText: USER_TAG });
    await tagRow.getByRole('cell', { name: '0', exact: true }).waitFor();
    await tagRow.getByRole('button', { name: `${USER_TAG}の名前を変更` }).click();
    const renamed = `研修済${run}`;
    await page.getByRole('table').getByRole('textbox', { name: 'タグ名' }).fill(renamed);
    await page.getByRole('table').getByRole('button', { name: SAVE }).click();
    await page.getByRole('row').filter({ hasText: renamed }).waitFor();
    await page.getByRole('button', { name: `${renamed}を削除` }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: DELETE }).click();
    await toast('削除しました。').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: renamed }).count()).toBe(0);
  });
});
