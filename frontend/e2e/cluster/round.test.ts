import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { SIGNED_OUT_PROBE, watchPage } from '../support/pageWatch';
import { DEMO, signIn } from '../support/session';
import { png, sheetItem } from '../support/sheet';

// Two console instances on one database and one bucket behind nginx (round robin): what a browser
// does through nginx lands on either, and each instance answers for what the other stored.

const baseURL = inject('baseURL');
const instances = inject('instanceURLs');
/** The cluster test's nginx names the upstream that answered (backend/internal/testsupport/cluster). */
const UPSTREAM = 'x-console-instance';
const run = Date.now().toString(36).slice(-5);
const MANAGER = `クラスタ 太郎${run}`;
const CHECK = '月次 店舗衛生点検';
const FOOD = '食材の期限切れがないか';

let browser: Browser;
const upstreams = new Set<string>();

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** A signed-in page that notes which instance answered each request. */
async function open(who: (typeof DEMO)[keyof typeof DEMO], viewport = { width: 1366, height: 900 }) {
  const page = await browser.newPage({ viewport, locale: 'ja-JP' });
  const watch = watchPage(page);
  page.on('response', (response) => {
    const upstream = response.headers()[UPSTREAM];
    // "a, b" when nginx tried one and then the other.
    for (const address of upstream?.split(/,\s*/) ?? []) upstreams.add(address);
  });
  await signIn(page, baseURL, who);
  return { page, watch };
}

/** GET on every instance directly, with the page's cookies (they do not depend on the port). */
async function fromEachInstance(page: Page, path: string) {
  return Promise.all(
    instances.map(async (instance) => {
      const response = await page.request.get(`${instance}${path}`);
      return { instance, status: response.status(), body: await response.body(), type: response.headers()['content-type'] ?? '' };
    }),
  );
}

describe('a browser round through nginx in front of two instances', () => {
  it('the head office edits a store; each instance reads the change', async () => {
    const { page, watch } = await open(DEMO.demoadmin);
    await page.goto(`${baseURL}/home/facility/`);
    await page.getByRole('searchbox', { name: '検索' }).fill('新宿駅前店');
    await page.getByRole('searchbox', { name: '検索' }).press('Enter');
    await page.getByRole('table').getByRole('link', { name: '新宿駅前店', exact: true }).click();
    await page.waitForURL(/\/home\/facility\/\d+$/);
    const facilityId = /\/facility\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1] ?? '';
    await page.getByLabel('店長名').fill(MANAGER);
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '保存しました。' }).waitFor();

    for (const answer of await fromEachInstance(page, `/api/facility/${facilityId}?ORG_ID=2`)) {
      expect(answer.status, answer.instance).toBe(200);
      const envelope = JSON.parse(answer.body.toString('utf8')) as { data: { managerName: string } };
      expect(envelope.data.managerName, answer.instance).toBe(MANAGER);
    }
    expect(watch.unexpected([SIGNED_OUT_PROBE])).toEqual([]);
    await page.close();
  });

  it('store staff answer with a photo; each instance serves the photo from the bucket', async () => {
    const { page, watch } = await open(DEMO.store001, { width: 390, height: 844 });
    await page.goto(`${baseURL}/home/check/`);
    await page.getByRole('list', { name: '回答するチェック' }).getByRole('link').filter({ hasText: CHECK }).click();
    await page.waitForURL(/\/home\/check\/\d+$/);
    await page.getByRole('heading', { name: CHECK }).waitFor();

    const food = sheetItem(page, FOOD);
    await food.locator('input[type="file"]').setInputFiles({ name: 'food.png', mimeType: 'image/png', buffer: png() });
    const photo = food.getByRole('img', { name: '写真1' });
    await photo.waitFor();
    await page.getByRole('button', { name: '下書き保存' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '下書きを保存しました。' }).waitFor();

    const thumbnail = (await photo.getAttribute('src')) ?? '';
    const id = /\/api\/photo\/(\d+)\/thumbnail/.exec(thumbnail)?.[1];
    expect(id, thumbnail).toBeDefined();
    const answers = await fromEachInstance(page, `/api/photo/${id ?? ''}?ORG_ID=2`);
    for (const answer of answers) {
      expect(answer.status, answer.instance).toBe(200);
      expect(answer.type, answer.instance).toMatch(/^image\//);
    }
    expect(answers[1]?.body.equals(answers[0]?.body ?? Buffer.alloc(0))).toBe(true);

    // Through nginx again after a reload: the draft keeps its photo.
    await page.reload();
    await sheetItem(page, FOOD).getByRole('img', { name: '写真1' }).waitFor();
    expect(watch.unexpected([SIGNED_OUT_PROBE])).toEqual([]);
    await page.close();
  });

  it('the browser was answered by both instances', () => {
    expect(upstreams.size).toBe(instances.length);
  });
});
