import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { SIGNED_OUT_PROBE, watchPage } from './support/pageWatch';
import { DEMO, settled, signIn, submitLogin } from './support/session';

// docs/product/shell.md#shell-behaviour: the session ends on the server while demoadmin is typing in a
// store's form; 保存 answers 401 and the sign-in card takes the screen's place. Signed in again, the
// form shows what was typed, with the notice, and 破棄 puts the saved store back. Nothing is saved, so
// the demo store stays as the other browser tests expect it.

const baseURL = inject('baseURL');
const failureDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');
const SAVE = /^保\s*存$/;
const RESTORED = 'ログインが切れる前の入力を復元しました。内容を確認して保存してください。';
const MANAGER = `復元 太郎${Date.now().toString(36).slice(-4)}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('an edit form outlives an expired session', () => {
  it('gives demoadmin the typed store manager back after signing in again', async () => {
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
    const watch = watchPage(page);
    try {
      await signIn(page, baseURL, DEMO.demoadmin);
      await page.goto(`${baseURL}/home/facility/`);
      await page.getByRole('table').getByRole('link', { name: '新宿駅前店', exact: true }).click();
      await page.waitForURL(/\/home\/facility\/\d+$/);
      const storePath = new URL(page.url()).pathname;
      const manager = page.getByLabel('店長名');
      const saved = await manager.inputValue();
      await manager.fill(MANAGER);

      // The session ends behind the console's back (the same cookie), then the user saves.
      await page.request.post(`${baseURL}/logout`);
      await page.getByRole('button', { name: SAVE }).click();
      await page.getByText('タイムアウトしました。再度ログインしてください。').waitFor();
      await page.getByRole('button', { name: 'ログイン' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(storePath);

      await submitLogin(page, DEMO.demoadmin);
      await page.getByText(RESTORED).waitFor();
      await expect(page.getByLabel('店長名').inputValue()).resolves.toBe(MANAGER);
      await expect(page.getByLabel('店舗名', { exact: true }).inputValue()).resolves.toBe('新宿駅前店');

      // 破棄: the store as saved (nothing of the typing reached the server).
      await page.getByRole('button', { name: '破棄' }).click();
      await expect.poll(() => page.getByLabel('店長名').inputValue()).toBe(saved);
      await expect(page.getByText(RESTORED).count()).resolves.toBe(0);
      await settled(page);
    } catch (error) {
      await mkdir(failureDir, { recursive: true });
      await page.screenshot({ path: path.join(failureDir, 'editor-draft.png') }).catch(() => undefined);
      throw new Error(`${String(error)}\n  at ${page.url()}\n  console: ${JSON.stringify(watch.unexpected())}`, { cause: error });
    } finally {
      await page.close();
    }
    expect(watch.unexpected([SIGNED_OUT_PROBE, { status: 401, path: '/api/facility/' }])).toEqual([]);
  });
});
