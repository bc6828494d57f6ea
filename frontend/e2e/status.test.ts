import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { SIGNED_OUT_PROBE, watchPage, type ExpectedFailure } from './support/pageWatch';
import { saveScreenshot } from './support/screenshots';
import { DEMO, settled, signIn } from './support/session';

// The check status screens (issue 5) against the real server with the demo data: デモ株式会社's two
// check lists on its ten stores. Other test files share the server and may answer checks, so the
// tests assert what every shown row must be, never how many rows there are.

const baseURL = inject('baseURL');

let browser: Browser;
let page: Page;
/** Uncaught exceptions and console errors of the current page; a test ends with none. */
let watch: ReturnType<typeof watchPage>;
/** Failed requests a test provokes on purpose. */
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

async function newPage(viewport = { width: 1280, height: 800 }) {
  page = await browser.newPage({ viewport, locale: 'ja-JP' });
  watch = watchPage(page);
  return page;
}

/** A demo administrator's page signed in through the API (the cookie stays in the context). */
async function openAsAdmin(viewport?: { width: number; height: number }) {
  await newPage(viewport);
  const response = await page.request.post(`${baseURL}/login`, {
    data: { organizationId: 2, userAccount: DEMO.demoadmin.account, password: DEMO.demoadmin.password },
  });
  expect(response.status()).toBe(200);
}

function statusTable(): Locator {
  return page.getByRole('table', { name: 'チェック状況一覧' });
}

/** The body rows of the status table (antd adds a hidden measuring row; rows with cells only). */
function bodyRows(): Locator {
  return statusTable().locator('tbody tr.ant-table-row');
}

/** Text of the cell in `column` (0-based) of every body row. */
async function columnTexts(column: number): Promise<string[]> {
  return bodyRows().evaluateAll(
    (rows, index) => rows.map((row) => (row as unknown as { cells: { textContent: string }[] }).cells[index]?.textContent ?? ''),
    column,
  );
}

/** Picks `title` in the group tree-select labelled `label` (typing narrows the tree first). */
async function pickGroup(field: Locator, title: string) {
  await field.click();
  await field.fill(title);
  await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click();
}

/** How many px the page is wider than the window (0 or less: nothing to scroll sideways). */
async function sidewaysOverflow(): Promise<number> {
  return Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
}

interface DemoRow {
  facilityId: number;
  facilityName: string;
  checkListMasterId: number;
  checkListMasterName: string;
}

/** A store and check list of the demo whose current sheet has a photo (asked through the API). */
async function rowWithPhotos(): Promise<DemoRow & { question: string }> {
  const list = await page.request.get(`${baseURL}/api/status?ORG_ID=2&size=100`);
  const rows = ((await list.json()) as { data: { items: DemoRow[] } }).data.items;
  for (const row of rows) {
    const detail = await page.request.get(`${baseURL}/api/status/${row.facilityId}/${row.checkListMasterId}?ORG_ID=2`);
    const sheet = ((await detail.json()) as {
      data: {
        sheet: {
          categoryList: {
            itemList: { answer: { photoIdList: number[] } | null; answeredAs: { question: string } | null }[];
          }[];
        };
      };
    }).data.sheet;
    for (const category of sheet.categoryList) {
      for (const item of category.itemList) {
        if (item.answer && item.answer.photoIdList.length > 0 && item.answeredAs) return { ...row, question: item.answeredAs.question };
      }
    }
  }
  throw new Error('no demo store has a photo in its current sheet');
}

describe('check status', () => {
  it('is the home screen after sign-in, with a row per demo store and check list', async () => {
    await newPage();
    expectedFailures = [SIGNED_OUT_PROBE];
    await signIn(page, baseURL, DEMO.demoadmin);
    await page.waitForURL('**/home/status/');
    await statusTable().waitFor();
    await expect.poll(() => page.title()).toMatch(/^チェック状況 \| /);
    await bodyRows().first().waitFor();
    // Sorted by kana, 梅田茶屋町店 (ウメダ…) is on the first page.
    await expect(columnTexts(1)).resolves.toEqual(expect.arrayContaining(['梅田茶屋町店']));
    const lists = await columnTexts(2);
    expect(lists).toEqual(expect.arrayContaining(['月次 店舗衛生点検', '週次 接客チェック']));
    // Every row: a period, a progress tag and answered / total.
    for (const text of await columnTexts(3)) expect(text).toMatch(/^\d{4}\/\d{2}\/\d{2}〜\d{4}\/\d{2}\/\d{2}$/);
    for (const text of await columnTexts(4)) expect(text).toMatch(/^(未実施|実施中|実施済)/);
    for (const text of await columnTexts(5)) expect(text).toMatch(/^\d+ \/ \d+$/);
    // Ten stores × two lists (more if another test added a check list meanwhile).
    const total = Number((await page.getByText(/^\d+件$/).textContent())?.replace('件', ''));
    expect(total).toBeGreaterThanOrEqual(20);
    await saveScreenshot(page, 'status-list');
  });

  it('filters by group and progress in the URL, surviving a reload, and the detail goes back to it', async () => {
    await openAsAdmin();
    await page.goto(`${baseURL}/home/status/`);
    await bodyRows().first().waitFor();

    await pickGroup(page.getByLabel('グループで絞り込み'), '関西ブロック');
    await page.waitForURL((url) => url.searchParams.has('groupId'));
    await settled(page);
    await page.getByLabel('進捗で絞り込み').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('実施中', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('checkStatus') === 'IN_PROGRESS');
    const filtered = page.url();
    const sameSearch = (url: URL) =>
      url.pathname === '/home/status/' && [...url.searchParams].sort().join('&') === [...new URL(filtered).searchParams].sort().join('&');
    expect(new URL(filtered).searchParams.get('groupId')).toMatch(/^\d+$/);

    const check = async () => {
      await expect.poll(async () => [...new Set(await columnTexts(0))]).toEqual(['関西ブロック']);
      const progress = await columnTexts(4);
      expect(progress.length).toBeGreaterThan(0);
      for (const text of progress) expect(text).toMatch(/^実施中/);
    };
    await check();

    await page.reload();
    await bodyRows().first().waitFor();
    expect(page.url()).toBe(filtered);
    await check();
    await expect(page.getByLabel('進捗で絞り込み').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').textContent()).resolves.toContain(
      '実施中',
    );

    // Into a detail and back: the list comes back filtered.
    await bodyRows().first().getByRole('link').first().click();
    await page.waitForURL(/\/home\/status\/\d+\/\d+$/);
    await page.getByRole('region', { name: '概要' }).waitFor();
    await page.getByRole('link', { name: /一覧に戻る/ }).click();
    await page.waitForURL(sameSearch);
    await check();
  });

  it('shows a store\'s answers with its photos, which open in a viewer that zooms', async () => {
    await openAsAdmin();
    const row = await rowWithPhotos();
    await page.goto(`${baseURL}/home/status/?facilityName=${encodeURIComponent(JSON.stringify(row.facilityName))}`);
    const tableRow = bodyRows().filter({ hasText: row.checkListMasterName });
    await tableRow.getByRole('link', { name: row.facilityName }).click();
    await page.waitForURL(`**/home/status/${row.facilityId}/${row.checkListMasterId}`);

    const title = `${row.facilityName} ${row.checkListMasterName}`;
    await page.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${title} \\| `));
    await page.getByRole('table', { name: '実施履歴' }).getByText('表示中').waitFor();

    const thumbnail = page.getByRole('img', { name: `${row.question}の写真1` });
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await expect(thumbnail.getAttribute('src')).resolves.toMatch(/^\/api\/photo\/\d+\/thumbnail\?ORG_ID=2$/);
    await saveScreenshot(page, 'status-detail', { fullPage: true });

    await thumbnail.click();
    const viewer = page.locator('.ant-image-preview');
    const original = viewer.locator('img.ant-image-preview-img');
    await original.waitFor();
    await expect(original.getAttribute('src')).resolves.toMatch(/^\/api\/photo\/\d+\?ORG_ID=2$/);
    await expect.poll(() => original.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    const before = await original.getAttribute('style');
    expect(before).toContain('scale3d(1, 1, 1)');
    await viewer.getByRole('button', { name: 'zoomIn' }).click();
    await expect.poll(() => original.getAttribute('style')).not.toContain('scale3d(1, 1, 1)');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
  });

  it('works at a phone width (375 × 812): cards, no sideways scrolling, a tap opens the detail', async () => {
    await openAsAdmin({ width: 375, height: 812 });
    await page.goto(`${baseURL}/home/status/?facilityName=${encodeURIComponent('"新宿駅前店"')}`);
    const cards = page.getByTestId('master-card-list');
    await cards.getByText('新宿駅前店', { exact: true }).first().waitFor();
    await expect(statusTable().count()).resolves.toBe(0);
    await expect(page.getByLabel('並び順').count()).resolves.toBe(1);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'status-list-phone', { fullPage: true });

    await cards.getByRole('listitem').filter({ hasText: '新宿駅前店' }).filter({ hasText: '週次 接客チェック' }).click();
    await page.waitForURL(/\/home\/status\/\d+\/\d+$/);
    await page.getByRole('heading', { name: '新宿駅前店 週次 接客チェック' }).waitFor();
    await page.getByRole('region', { name: '概要' }).waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
  });
});
