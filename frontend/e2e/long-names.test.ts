import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { watchPage } from './support/pageWatch';

// A name without spaces in a list (docs/product/masters.md, "Lists"): on a desktop its cell is cut with
// an ellipsis, whole in the title, instead of widening the table past its card; on a phone its card
// wraps it. The store is made through the API with the longest name the server takes (50 characters,
// none a place to break) and removed again.

const baseURL = inject('baseURL');
const run = Date.now().toString(36).slice(-5).toUpperCase();
/** 50 characters without a space: keep-all finds no place to break them. */
const LONG_NAME = `${'とても長い名前の駅前店舗'.repeat(4).slice(0, 45)}${run}`;
const LONG_KANA = `${'トテモナガイナマエノエキマエテンポ'.repeat(3).slice(0, 45)}${run}`;

let browser: Browser;
let page: Page;
let watch: ReturnType<typeof watchPage>;
let storeId: number | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  const setup = await browser.newPage();
  try {
    await signIn(setup);
    const stores = await setup.request.get(`${baseURL}/api/facility?ORG_ID=2&searchText=${encodeURIComponent('新宿駅前店')}`);
    const { data } = (await stores.json()) as { data: { items: { groupId: number }[] } };
    const groupId = data.items[0]?.groupId;
    const created = await setup.request.post(`${baseURL}/api/facility?ORG_ID=2`, {
      data: {
        groupId,
        facilityName: LONG_NAME,
        facilityNameKana: LONG_KANA,
        address: '',
        tel: '',
        managerName: '',
        externalDataId: '',
        externalDataValue: '',
        availableAdvancedReport: false,
        availableSurvey: false,
        attributeIdList: [],
      },
    });
    expect(created.status()).toBe(200);
    storeId = ((await created.json()) as { data: { facilityId: number } }).data.facilityId;
  } finally {
    await setup.close();
  }
});

afterAll(async () => {
  const cleanup = await browser.newPage();
  try {
    await signIn(cleanup);
    if (storeId !== undefined) await cleanup.request.delete(`${baseURL}/api/facility/${String(storeId)}?ORG_ID=2`);
  } finally {
    await cleanup.close();
    await browser.close();
  }
});

afterEach(async () => {
  await page.close();
  expect(watch.unexpected()).toEqual([]);
});

async function signIn(target: Page) {
  const response = await target.request.post(`${baseURL}/login`, {
    data: { organizationId: 2, userAccount: 'demoadmin', password: 'Demoadmin#2026' },
  });
  expect(response.status()).toBe(200);
}

async function openAs(viewport: { width: number; height: number }) {
  page = await browser.newPage({ viewport, locale: 'ja-JP' });
  watch = watchPage(page);
  await signIn(page);
}

/** The store list searched for this run's store. */
async function goToStore() {
  await page.goto(`${baseURL}/home/facility/?searchText=${encodeURIComponent(JSON.stringify(run))}`);
}

/** A number the page works out (the e2e code is typed without the DOM library, hence the string). */
async function measure(script: string): Promise<number> {
  return Number(await page.evaluate(script));
}

describe('a store name without spaces in the store list', () => {
  it('is cut with an ellipsis on a desktop (1280 px), whole in its title; the table stays in its card', async () => {
    await openAs({ width: 1280, height: 800 });
    await goToStore();
    const table = page.getByRole('table');
    const link = table.getByRole('link', { name: LONG_NAME, exact: true });
    await link.waitFor();

    // The table's scrolling area and the card's own width: nothing to scroll sideways.
    const overflow = await measure(
      `(() => { const area = document.querySelector('.rouder-list-table .ant-table-content'); return area.scrollWidth - area.clientWidth; })()`,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const pastCard = await measure(
      `(() => { const table = document.querySelector('.rouder-list-table table'); const card = document.querySelector('.rouder-list-table'); return table.getBoundingClientRect().right - card.getBoundingClientRect().right; })()`,
    );
    expect(pastCard).toBeLessThanOrEqual(0);
    expect(await measure('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);

    // The name and the kana are cut short (an ellipsis: narrower than their text), at most 20em (280 px).
    const cell = page.locator('.rouder-cell-text').filter({ hasText: LONG_NAME });
    const cut = await measure(
      `(() => { const cell = [...document.querySelectorAll('.rouder-cell-text')].find((span) => span.textContent === ${JSON.stringify(LONG_NAME)}); return cell.scrollWidth - cell.clientWidth; })()`,
    );
    expect(cut).toBeGreaterThan(0);
    expect((await cell.boundingBox())?.width ?? 0).toBeLessThanOrEqual(281);
    expect(
      await page.evaluate(`getComputedStyle(document.querySelector('.rouder-cell-text')).textOverflow`),
    ).toBe('ellipsis');
    const kana = page.locator('.rouder-cell-text').filter({ hasText: LONG_KANA });
    expect((await kana.boundingBox())?.width ?? 0).toBeLessThanOrEqual(281);

    // The whole name in the title, as the pointer comes onto it.
    await cell.hover();
    expect(await cell.getAttribute('title')).toBe(LONG_NAME);

    // The other columns stay in sight, the operations too.
    await table.getByRole('columnheader', { name: 'タグ' }).waitFor();
    const edit = page.getByLabel(`${LONG_NAME}を編集`, { exact: true });
    const box = await edit.boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
  });

  it('wraps in its card on a phone (375 px), with no sideways scrolling', async () => {
    await openAs({ width: 375, height: 812 });
    await goToStore();
    await page.getByTestId('master-card-list').getByText(LONG_NAME, { exact: true }).waitFor();
    expect(await measure('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
    const pastCard = await measure(
      `(() => { const card = document.querySelector('.rouder-row-card'); return card.scrollWidth - card.clientWidth; })()`,
    );
    expect(pastCard).toBeLessThanOrEqual(0);
  });
});
