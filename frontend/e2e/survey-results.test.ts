import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { watchPage, type ExpectedFailure } from './support/pageWatch';
import { saveScreenshot } from './support/screenshots';
import { DEMO, settled } from './support/session';

// The survey result screens (issue 6) against the real server with the demo data: デモ株式会社's
// 来店アンケート on its ten stores with a few hundred answers. Other test files share the server and
// may add surveys or answers, so the tests compare the screen with the API read just before and
// never count rows.

const baseURL = inject('baseURL');
const SURVEY = '来店アンケート';

let browser: Browser;
let page: Page;
/** Uncaught exceptions and console errors of the current page; a test ends with none. */
let watch: ReturnType<typeof watchPage>;
const expectedFailures: ExpectedFailure[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

afterEach(async () => {
  await page.close();
  expect(watch.unexpected(expectedFailures)).toEqual([]);
});

/** A demo administrator's page signed in through the API (the cookie stays in the context). */
async function openAsAdmin(viewport = { width: 1280, height: 800 }) {
  page = await browser.newPage({ viewport, locale: 'ja-JP' });
  watch = watchPage(page);
  const response = await page.request.post(`${baseURL}/login`, {
    data: { organizationId: 2, userAccount: DEMO.demoadmin.account, password: DEMO.demoadmin.password },
  });
  expect(response.status()).toBe(200);
}

interface ApiRow {
  surveyId: number;
  facilityId: number;
  surveyName: string;
  facilityName: string;
  answerCount: number;
  nps: number | null;
  promoterCount: number;
  passiveCount: number;
  detractorCount: number;
}

async function apiData<T>(path: string): Promise<T> {
  const response = await page.request.get(`${baseURL}${path}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The demo survey's id (by its name in the filter's list). */
async function demoSurveyId(): Promise<number> {
  const surveys = await apiData<{ surveyId: number; surveyName: string }[]>('/api/survey_result/surveys?ORG_ID=2');
  const survey = surveys.find((candidate) => candidate.surveyName === SURVEY);
  if (!survey) throw new Error(`no survey ${SURVEY} in the demo`);
  return survey.surveyId;
}

/** NPS as the screens write it: sign and one decimal. */
function npsText(nps: number): string {
  const text = Math.abs(nps).toFixed(1);
  if (text === '0.0') return text;
  return nps > 0 ? `+${text}` : `-${text}`;
}

function resultTable(): Locator {
  return page.getByRole('table', { name: 'アンケート結果一覧' });
}

/** How many px the page is wider than the window (0 or less: nothing to scroll sideways). */
async function sidewaysOverflow(): Promise<number> {
  return Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
}

describe('survey results', () => {
  it('lists the demo survey per store with answers, NPS and the promoter/passive/detractor counts', async () => {
    await openAsAdmin();
    const surveyId = await demoSurveyId();
    const rows = (await apiData<{ items: ApiRow[] }>(`/api/survey_result?ORG_ID=2&surveyId=${surveyId}&size=100`)).items;
    const answered = rows.find((row) => row.facilityName === '新宿駅前店');
    if (!answered || answered.nps === null) throw new Error('新宿駅前店 has no answers in the demo');

    // The store by name (other tests may add stores and surveys), then the survey through its filter.
    await page.goto(`${baseURL}/home/survey_result/?facilityName=${encodeURIComponent('"新宿駅前店"')}`);
    await resultTable().locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByLabel('アンケートで絞り込み').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(SURVEY, { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('surveyId') === String(surveyId));
    await settled(page);

    const row = resultTable().locator('tbody tr.ant-table-row').filter({ hasText: '新宿駅前店' });
    await row.getByRole('link', { name: SURVEY }).waitFor();
    await expect(row.textContent()).resolves.toContain(`${answered.answerCount}件`);
    await expect(row.textContent()).resolves.toContain(npsText(answered.nps));
    const split = `推奨者 ${answered.promoterCount} / 中立者 ${answered.passiveCount} / 批判者 ${answered.detractorCount}`;
    await expect(row.getByRole('img', { name: split }).count()).resolves.toBe(1);
    // Every row is the chosen survey's.
    const surveys = await resultTable().locator('tbody tr.ant-table-row td:first-child a').allTextContents();
    expect([...new Set(surveys)]).toEqual([SURVEY]);
    await saveScreenshot(page, 'survey-result-list');
  });

  it('shows the detail: title, NPS trend by week and month, the 0-10 chart, rankings and a comment found by search', async () => {
    await openAsAdmin();
    const surveyId = await demoSurveyId();
    const comment = (
      await apiData<{ items: { text: string }[] }>(`/api/survey_result/${surveyId}/comments?ORG_ID=2&size=1`)
    ).items[0];
    if (!comment) throw new Error('the demo survey has no comments');

    await page.goto(`${baseURL}/home/survey_result/?surveyId=${surveyId}`);
    const firstRow = resultTable().locator('tbody tr.ant-table-row').first();
    const rowStore = (await apiData<{ items: ApiRow[] }>(`/api/survey_result?ORG_ID=2&surveyId=${surveyId}&size=1`)).items[0];
    if (!rowStore) throw new Error('the demo survey has no rows');
    await firstRow.getByRole('link', { name: SURVEY }).click();
    // A row is the survey at one store: the detail opens narrowed to that store, which can be cleared.
    await page.waitForURL((url) => url.pathname.endsWith(`/home/survey_result/${surveyId}`) && url.searchParams.get('facilityId') === String(rowStore.facilityId));
    await page.getByRole('heading', { name: SURVEY, level: 2 }).waitFor();
    const storeFilter = page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: '店舗で絞り込み' }) });
    await storeFilter.getByText(rowStore.facilityName, { exact: true }).waitFor();
    await expect(page.getByRole('table', { name: '店舗ランキング' }).locator('tbody tr.ant-table-row').count()).resolves.toBe(1);
    await storeFilter.hover();
    await storeFilter.locator('.ant-select-clear').click();
    await page.waitForURL((url) => !url.searchParams.has('facilityId'));
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${SURVEY} \\| `));

    // The trend: weekly labels (M/D〜) with NPS values, then monthly (YYYY/MM).
    const trend = page.getByRole('figure', { name: 'NPSの推移' });
    await trend.locator('svg').waitFor();
    await expect(trend.locator('svg text').filter({ hasText: /^\d{1,2}\/\d{1,2}〜$/ }).count()).resolves.toBeGreaterThan(4);
    await expect(trend.locator('svg text').filter({ hasText: /^[+-]?\d+\.\d$/ }).count()).resolves.toBeGreaterThan(0);
    await page.getByText('月別', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('interval') === 'MONTH');
    await expect
      .poll(() => trend.locator('svg text').filter({ hasText: /^\d{4}\/\d{2}$/ }).count())
      .toBeGreaterThanOrEqual(3);

    // The 0-10 distribution: eleven columns whose counts add up to the answers.
    const distribution = page.getByRole('figure', { name: 'おすすめ度の分布' });
    const counts: number[] = [];
    for (const column of await distribution.locator('[aria-label$="件"]').all()) {
      counts.push(Number(/: (\d+)件$/.exec((await column.getAttribute('aria-label')) ?? '')?.[1] ?? -1));
    }
    expect(counts).toHaveLength(11);
    const total = counts.reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: '概要' }).textContent()).resolves.toContain(String(total));

    await expect(page.getByRole('table', { name: '店舗ランキング' }).locator('tbody tr.ant-table-row').count()).resolves.toBeGreaterThan(1);

    // A comment found by a piece of its text.
    const piece = comment.text.slice(0, Math.min(6, comment.text.length));
    const search = page.getByRole('searchbox', { name: 'コメントを検索' });
    const list = page.getByRole('list', { name: 'コメント一覧' });
    await list.getByRole('listitem').first().waitFor();
    // Without a search some comments lack the piece, so the search has something to leave out.
    expect((await list.getByRole('listitem').allTextContents()).some((text) => !text.includes(piece))).toBe(true);
    await search.fill(piece);
    await search.press('Enter');
    // Until the search answers, the newest comments (not all with the piece) are shown.
    await expect
      .poll(async () => {
        const items = await list.getByRole('listitem').allTextContents();
        return items.length > 0 && items.every((text) => text.includes(piece));
      })
      .toBe(true);
    await list.getByText(comment.text, { exact: true }).first().waitFor();
    await search.fill('該当しないはずの言葉ZZZ');
    await search.press('Enter');
    await page.getByText('該当するコメントはありません').waitFor();
    await saveScreenshot(page, 'survey-result-detail', { fullPage: true });
  });

  it('works at a phone width (375 × 812): cards, no sideways scrolling, the detail opens', async () => {
    await openAsAdmin({ width: 375, height: 812 });
    const surveyId = await demoSurveyId();
    await page.goto(`${baseURL}/home/survey_result/?surveyId=${surveyId}&facilityName=${encodeURIComponent('"新宿駅前店"')}`);
    const cards = page.getByTestId('master-card-list');
    await cards.getByText('新宿駅前店', { exact: true }).first().waitFor();
    await expect(resultTable().count()).resolves.toBe(0);
    await expect(cards.getByText(/^回答 \d+件$/).count()).resolves.toBeGreaterThan(0);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'survey-result-list-phone', { fullPage: true });

    await cards.getByRole('listitem').filter({ hasText: '新宿駅前店' }).first().click();
    await page.waitForURL((url) => url.pathname.endsWith(`/home/survey_result/${surveyId}`) && url.searchParams.has('facilityId'));
    await page.getByRole('search', { name: '絞り込み' }).getByText('新宿駅前店', { exact: true }).waitFor();
    await page.getByRole('figure', { name: 'おすすめ度の分布' }).waitFor();
    await page.getByRole('figure', { name: 'NPSの推移' }).locator('svg').waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'survey-result-detail-phone', { fullPage: true });
  });
});
