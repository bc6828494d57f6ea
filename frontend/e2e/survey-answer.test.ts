// The public survey answer page (/home/a/{surveyKey}, issue 6): a customer's phone, no sign-in,
// the page's own small bundle. The demo's 来店アンケート is open at every demo store.
import type { APIRequestContext, Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { watchPage, type ExpectedFailure } from './support/pageWatch';
import { saveScreenshot } from './support/screenshots';
import { DEMO } from './support/session';

const baseURL = inject('baseURL');
const PHONE = { width: 390, height: 844 };

interface Link {
  facilityId: number;
  facilityName: string;
  surveyKey: string;
  url: string;
}

let browser: Browser;
let admin: BrowserContext;
let api: APIRequestContext;
let surveyId: number;
let links: Link[];
/** The console's entry chunk, as its index.html names it (/home/assets/index-….js). */
let consoleEntry: string;

let customer: BrowserContext | undefined;
let page: Page;
let watch: ReturnType<typeof watchPage>;
let expected: ExpectedFailure[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext();
  api = admin.request;
  const login = await api.post(`${baseURL}/login`, {
    data: { organizationId: 2, userAccount: DEMO.demoadmin.account, password: DEMO.demoadmin.password },
  });
  expect(login.status()).toBe(200);
  const list = (await (await api.get(`${baseURL}/api/survey?ORG_ID=2&size=100`)).json()) as {
    data: { items: { surveyId: number; surveyName: string }[] };
  };
  const demo = list.data.items.find((item) => item.surveyName === '来店アンケート');
  if (!demo) throw new Error('the demo survey 来店アンケート is missing');
  surveyId = demo.surveyId;
  const read = (await (await api.get(`${baseURL}/api/survey/${surveyId}/links?ORG_ID=2`)).json()) as { data: Link[] };
  links = read.data;
  expect(links.length).toBeGreaterThan(1);
  const consoleHtml = await (await api.get(`${baseURL}/home/`)).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(consoleHtml)?.[1];
  if (!entry) throw new Error('the console index.html names no entry script');
  consoleEntry = entry;
});

afterAll(async () => {
  await admin.close();
  await browser.close();
});

afterEach(async () => {
  await customer?.close();
  customer = undefined;
  expect(watch.unexpected(expected)).toEqual([]);
  expected = [];
});

/** A customer's phone: a fresh context (no session, no survey cookie), every request recorded. */
async function openPhone(): Promise<Request[]> {
  customer = await browser.newContext({ viewport: PHONE, locale: 'ja-JP', isMobile: true, hasTouch: true });
  page = await customer.newPage();
  watch = watchPage(page);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** Answers stored for the demo survey at one store, as the results list counts them. */
async function answerCount(link: Link): Promise<number> {
  const response = await api.get(`${baseURL}/api/survey_result?ORG_ID=2&size=100&surveyId=${surveyId}`, {
    params: { facilityName: link.facilityName },
  });
  const body = (await response.json()) as { data: { items: { facilityId: number; answerCount: number }[] } };
  return body.data.items.find((row) => row.facilityId === link.facilityId)?.answerCount ?? 0;
}

describe('survey answer page', () => {
  it('is answered on a phone without sign-in, thanks with the reward, loads no console code, and stores a resend once', async () => {
    // The last store: other browser tests answer at the first ones.
    const link = links.at(-1);
    if (!link) throw new Error('no link');
    expect(link.url).toBe(`/home/a/${link.surveyKey}`);
    const before = await answerCount(link);
    const requests = await openPhone();

    await page.goto(`${baseURL}${link.url}`);
    await page.getByRole('heading', { name: 'ご来店ありがとうございます' }).waitFor();
    await page.getByText(link.facilityName, { exact: true }).waitFor();
    // The survey was asked for once, by the page's preload (the server's Link header), which the
    // page's own fetch then took rather than asking again.
    const surveyCalls = requests.filter((r) => r.method() === 'GET' && r.url().includes('/api/public/survey/'));
    expect(surveyCalls.map((r) => new URL(r.url()).pathname)).toEqual([`/api/public/survey/${link.surveyKey}`]);
    const surveyEntries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/public/survey/'))
        .map((entry) => (entry as unknown as { initiatorType: string }).initiatorType),
    );
    expect(surveyEntries).toEqual(['link']);
    await page.getByText(/サービス向上のため、アンケートへのご協力をお願いいたします。/).waitFor();
    await page.getByRole('heading', { name: '利用規約' }).waitFor();
    // NPS as 11 buttons, 0 to 10, on one row at 390 px (a scale in two rows reads as two scales).
    const nps = page.getByRole('radio', { name: /^(10|[0-9])$/ });
    expect(await page.locator('fieldset').first().getByRole('radio').count()).toBe(11);
    expect(await nps.count()).toBeGreaterThanOrEqual(11);
    const tops: number[] = [];
    for (const point of await page.locator('.scale.nps .point').all()) tops.push(Math.round((await point.boundingBox())?.y ?? -1));
    expect(tops).toHaveLength(11);
    expect(new Set(tops).size).toBe(1);
    // Each about 30 px wide: the narrow page gives the scale some of its margins.
    const widths = await Promise.all((await page.locator('.scale.nps .point').all()).map(async (point) => (await point.boundingBox())?.width ?? 0));
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(29);
    // The terms are folded: the first question is on the first screen, the terms one tap away.
    expect(await page.locator('.terms-text').isVisible()).toBe(false);
    const firstQuestion = await page.locator('fieldset').first().boundingBox();
    expect(firstQuestion && firstQuestion.y).toBeLessThan(PHONE.height);
    await page.getByText('利用規約を読む').click();
    expect(await page.locator('.terms-text').isVisible()).toBe(true);

    // Sending without the required answers names them, in the server's wording, and sends nothing.
    await page.getByRole('button', { name: '回答を送信する' }).click();
    await page.getByText('利用規約への同意が必要です。').waitFor();
    expect(await page.getByText('必須です').count()).toBeGreaterThanOrEqual(3);
    expect(requests.filter((r) => r.method() === 'POST')).toHaveLength(0);

    await page.getByRole('radio', { name: '9', exact: true }).click();
    await page.getByRole('group', { name: /年代/ }).getByRole('radio', { name: '30代' }).click();
    await page.getByRole('group', { name: /店内の清潔さ/ }).getByRole('radio', { name: '5' }).click();
    await page.getByRole('group', { name: /スタッフの接客/ }).getByRole('radio', { name: '4' }).click();
    await page.getByRole('checkbox', { name: '接客' }).click();
    const comment = `e2e-answer-${Date.now()}`;
    await page.getByRole('textbox', { name: 'ご意見・ご感想をお聞かせください' }).fill(comment);
    await page.getByRole('checkbox', { name: /利用規約に同意する/ }).click();
    await saveScreenshot(page, 'survey-answer-phone', { fullPage: true });

    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/public/survey/${link.surveyKey}/answer`));
    await page.getByRole('button', { name: '回答を送信する' }).click();
    const body = (await posted).postDataJSON() as { idempotencyKey: string; answerList: { text?: string; score?: number }[] };
    await page.getByRole('heading', { name: 'ご回答ありがとうございました' }).waitFor();
    const reward = page.getByRole('link', { name: '次回使える10%割引クーポン' });
    expect(await reward.getAttribute('href')).toBe('https://rouder.example/coupon');
    await saveScreenshot(page, 'survey-answer-thanks');
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(body.answerList).toContainEqual({ questionId: expect.any(Number) as number, score: 9 });
    expect(body.answerList).toContainEqual({ questionId: expect.any(Number) as number, text: comment });

    // Its own small bundle: never the console's entry, nor antd.
    const scripts = requests.filter((r) => r.resourceType() === 'script').map((r) => new URL(r.url()).pathname);
    expect(scripts.some((path) => path.includes('/assets/answer-'))).toBe(true);
    expect(scripts).not.toContain(consoleEntry);
    expect(requests.map((r) => r.url()).filter((url) => /antd|\/api\/login_user|\/api\/const/.test(url))).toEqual([]);
    expect(await answerCount(link)).toBe(before + 1);

    // A reload: this browser has used its answer (ONCE per store).
    await page.reload();
    await page.getByRole('heading', { name: '回答済みです' }).waitFor();
    await page.getByText(/このアンケートにはすでにご回答いただいています。/).waitFor();

    // The same idempotency key again (a retry after a lost response): the first receipt, nothing new.
    const resend = await page.request.post(`${baseURL}/api/public/survey/${link.surveyKey}/answer`, { data: body });
    expect(resend.status()).toBe(200);
    const receipt = (await resend.json()) as { data: { repeated: boolean; rewardLinkName: string } };
    expect(receipt.data).toMatchObject({ repeated: true, rewardLinkName: '次回使える10%割引クーポン' });
    expect(await answerCount(link)).toBe(before + 1);
  });

  it('lets an editor preview the survey without storing an answer', async () => {
    const link = links.at(-1);
    if (!link) throw new Error('no link');
    const before = await answerCount(link);
    // The editor's own browser (signed in), as the editor's プレビュー button opens it.
    const preview = await admin.newPage();
    await preview.setViewportSize(PHONE);
    try {
      const requests: Request[] = [];
      preview.on('request', (request) => requests.push(request));
      await preview.goto(`${baseURL}/home/a/?preview=${surveyId}&org=2`);
      await preview.getByRole('heading', { name: 'ご来店ありがとうございます' }).waitFor();
      await preview.getByText('プレビューです。送信しても回答は保存されません。').first().waitFor();
      await preview.getByRole('radio', { name: '10', exact: true }).click();
      await preview.getByRole('group', { name: /年代/ }).getByRole('radio', { name: '30代' }).click();
      await preview.getByRole('group', { name: /店内の清潔さ/ }).getByRole('radio', { name: '5' }).click();
      await preview.getByRole('group', { name: /スタッフの接客/ }).getByRole('radio', { name: '4' }).click();
      await preview.getByRole('checkbox', { name: /利用規約に同意する/ }).click();
      await preview.getByRole('button', { name: '回答を送信する' }).click();
      await preview.getByRole('heading', { name: 'ご回答ありがとうございました' }).waitFor();
      expect(requests.filter((r) => r.method() === 'POST').map((r) => r.url())).toEqual([]);
      expect(await answerCount(link)).toBe(before);
    } finally {
      await preview.close();
    }
  });

  it('shows the unknown page for a key nobody issued', async () => {
    await openPhone();
    expected = [{ status: 404, path: '/api/public/survey/' }];
    await page.goto(`${baseURL}/home/a/no-such-key-${Date.now()}`);
    await page.getByRole('heading', { name: 'アンケートが見つかりません' }).waitFor();
    await page.getByText('このアンケートは見つかりません。URLをご確認ください。').waitFor();
    expect(await page.getByRole('button', { name: '回答を送信する' }).count()).toBe(0);
  });
});
