import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { SIGNED_OUT_PROBE, watchPage } from './support/pageWatch';
import { DEMO, settled, signIn, submitLogin } from './support/session';

// docs/checks.md (the store's answering page): the session ends on the server while store001 answers a
// sheet on a phone; 下書き保存 answers 401 and the sign-in card takes the sheet's place. Signed in again,
// the sheet shows the unsaved answer and comment, with the notice, and 破棄 puts the saved sheet back.
// Nothing is saved (the one save meets the ended session), so the demo sheets stay as the other browser
// tests expect them (answering.test.ts submits this month's 月次 店舗衛生点検 from its unanswered state).

const baseURL = inject('baseURL');
const failureDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');
const PHONE = { width: 390, height: 844 };
const RESTORED = 'ログインが切れる前の入力を復元しました。内容を確認して保存してください。';
const COMMENT = `復元のテスト(${Date.now().toString(36)})`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** The pressed state of each choice of an item, by label. */
async function pressed(item: Locator): Promise<Record<string, string | null>> {
  const buttons = await item.getByRole('group', { name: '評価' }).getByRole('button').all();
  const entries = await Promise.all(buttons.map(async (button) => [await button.textContent(), await button.getAttribute('aria-pressed')] as const));
  return Object.fromEntries(entries.map(([label, state]) => [label ?? '', state]));
}

describe('a check sheet outlives an expired session', () => {
  it('gives store001 the unsaved answer back after signing in again, and 破棄 puts the saved sheet back', async () => {
    const page: Page = await browser.newPage({ viewport: PHONE, locale: 'ja-JP', hasTouch: true });
    const watch = watchPage(page);
    try {
      await signIn(page, baseURL, DEMO.store001);
      await page.goto(`${baseURL}/home/check/`);
      // A sheet still open for answering (other browser tests submit some; any one will do).
      const list = page.getByRole('list', { name: '回答するチェック' });
      await list.getByRole('link').first().waitFor();
      const open = list.getByRole('link').filter({ hasNotText: '提出済み' });
      expect(await open.count(), 'store001 has no sheet left to answer').toBeGreaterThan(0);
      await open.first().click();
      await page.waitForURL(/\/home\/check\/\d+$/);
      const sheetPath = new URL(page.url()).pathname;
      const item = page.locator('.ant-card[role="region"]').first();
      await item.waitFor();
      const question = (await item.getAttribute('aria-label')) ?? '';
      const card = page.getByRole('region', { name: question, exact: true });
      const saved = await pressed(card);
      const savedComment = await card.getByLabel('コメント').inputValue();

      // A choice other than the saved one, and a comment.
      const label = Object.entries(saved).find(([, state]) => state !== 'true')?.[0] ?? '';
      const choice = card.getByRole('group', { name: '評価' }).getByRole('button', { name: label, exact: true });
      await choice.click();
      await expect(choice.getAttribute('aria-pressed')).resolves.toBe('true');
      await card.getByLabel('コメント').fill(COMMENT);

      // The session ends behind the console's back (the same cookie), then the user saves.
      await page.request.post(`${baseURL}/logout`);
      await page.getByRole('button', { name: '下書き保存' }).click();
      await page.getByText('タイムアウトしました。再度ログインしてください。').waitFor();
      await page.getByRole('button', { name: 'ログイン' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(sheetPath);

      await submitLogin(page, DEMO.store001);
      await page.getByText(RESTORED).waitFor();
      await expect(choice.getAttribute('aria-pressed')).resolves.toBe('true');
      await expect(card.getByLabel('コメント').inputValue()).resolves.toBe(COMMENT);

      // 破棄: the sheet as saved (nothing of the answering reached the server).
      await page.getByRole('button', { name: '破棄' }).click();
      await expect.poll(() => card.getByLabel('コメント').inputValue()).toBe(savedComment);
      await expect.poll(() => pressed(card)).toEqual(saved);
      await expect(page.getByText(RESTORED).count()).resolves.toBe(0);
      await settled(page);
    } catch (error) {
      await mkdir(failureDir, { recursive: true });
      await page.screenshot({ path: path.join(failureDir, 'sheet-draft.png') }).catch(() => undefined);
      throw new Error(`${String(error)}\n  at ${page.url()}\n  console: ${JSON.stringify(watch.unexpected())}`, { cause: error });
    } finally {
      await page.close();
    }
    expect(watch.unexpected([SIGNED_OUT_PROBE, { status: 401, path: '/api/check/sheet/' }])).toEqual([]);
  });
});
