import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { SIGNED_OUT_PROBE, watchPage, type ExpectedFailure } from './support/pageWatch';
import { DEMO, settled, signIn, submitLogin, watchOutbox } from './support/session';

// The sign-in, the session and the console shell against the real binary (docs/product/shell.md, 4, 8).
// Each test opens its own page (its own cookie jar); the password change runs last and restores
// the demo password.

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const failureDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');

let browser: Browser;
let appName: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseURL}/api/const`);
  appName = ((await response.json()) as { data: { appName: string } }).data.appName;
});

afterAll(async () => {
  await browser.close();
});

/** Runs `body` on a fresh page; fails on any console error but the expected failed requests. */
async function onPage(
  body: (page: Page) => Promise<void>,
  { viewport = { width: 1280, height: 800 }, expected = [] as ExpectedFailure[] } = {},
) {
  const page = await browser.newPage({ viewport, locale: 'ja-JP' });
  const watch = watchPage(page);
  try {
    await body(page);
  } catch (error) {
    // Where it stood: the URL in the message, the picture under test-results/ (not committed).
    const name = (expect.getState().currentTestName ?? 'failure').replace(/[^\w\u3040-\u9fff-]+/g, '_');
    await mkdir(failureDir, { recursive: true });
    await page.screenshot({ path: path.join(failureDir, `${name}.png`) }).catch(() => undefined);
    throw new Error(`${String(error)}\n  at ${page.url()}\n  console: ${JSON.stringify(watch.unexpected())}`, { cause: error });
  } finally {
    await page.close();
  }
  expect(watch.unexpected([SIGNED_OUT_PROBE, ...expected])).toEqual([]);
}

const pathname = (page: Page) => new URL(page.url()).pathname;

/** Opens the user menu and chooses an entry. */
async function userMenu(page: Page, entry: string) {
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await settled(page);
  await page.getByRole('menuitem', { name: entry }).click();
}

/** Picks an organization in the open organization dialog by typing part of its name. */
async function pickOrganization(page: Page, text: string, expected: string) {
  const combobox = orgDialog(page).getByRole('combobox', { name: '組織' });
  await combobox.click();
  await combobox.pressSequentially(text);
  await page.getByTitle(expected).waitFor();
  await settled(page);
  await page.keyboard.press('Enter');
  await expect.poll(() => orgDialog(page).locator('.ant-select-content').textContent()).toContain(expected);
}
const orgDialog = (page: Page) => page.getByRole('dialog', { name: '組織選択' });

describe('sign-in', () => {
  it('shows the login card signed out, titled with the login prefix', async () => {
    await onPage(async (page) => {
      await page.goto(`${baseURL}/home/`);
      await page.getByRole('button', { name: 'ログイン' }).waitFor();
      await expect.poll(() => page.title()).toBe(`ログイン | ${appName}`);
      await expect(page.getByLabel('組織ID').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('img', { name: 'ROUDER' }).isVisible()).resolves.toBe(true);
      await saveScreenshot(page, 'login', { animations: 'disabled' });

      // A deep link keeps its path and its title under the prefix.
      await page.goto(`${baseURL}/home/user/`);
      await page.getByRole('button', { name: 'ログイン' }).waitFor();
      await expect.poll(() => page.title()).toBe(`ログイン | ユーザー | ${appName}`);
    });
  });

  it('a wrong password: an alert with the server message, no timeout toast', async () => {
    await onPage(
      async (page) => {
        await page.goto(`${baseURL}/home/`);
        await submitLogin(page, { ...DEMO.demoadmin, password: 'Wrong#2026' });
        const alert = page.getByRole('alert');
        await alert.waitFor();
        await expect(alert.textContent()).resolves.toContain('組織ID、アカウントまたはパスワードが正しくありません。');
        await expect(page.getByText('タイムアウトしました。再度ログインしてください。').count()).resolves.toBe(0);
        expect(pathname(page)).toBe('/home/');
      },
      { expected: [{ status: 401, path: '/login' }] },
    );
  });

  it('signs in with what the input method typed: organization 「２」, account ｓｔｏｒｅ００１', async () => {
    await onPage(async (page) => {
      await page.goto(`${baseURL}/home/`);
      await submitLogin(page, { ...DEMO.store001, organizationId: '２', account: 'ｓｔｏｒｅ００１' });
      // Store staff land on their store's open checks.
      await page.waitForURL(`${baseURL}/home/check/`);
      await expect(page.getByText('整数で入力してください').count()).resolves.toBe(0);
    });
  });

  it('demoadmin lands on the check status with the full menu', async () => {
    await onPage(async (page) => {
      await signIn(page, baseURL, DEMO.demoadmin);
      await page.waitForURL(`${baseURL}/home/status/`);
      await page.getByRole('heading', { name: 'チェック状況' }).waitFor();
      await expect.poll(() => page.title()).toBe(`チェック状況 | ${appName}`);
      const menu = page.getByRole('navigation', { name: 'メインメニュー' });
      for (const label of ['チェック状況', '改善報告', 'アンケート結果', 'チェックリスト', 'アンケート', 'レポート']) {
        // An entry may carry a count after its label (改善報告 n件の対応待ち).
        await expect(menu.getByRole('link', { name: new RegExp(`^${label}( |$)`) }).isVisible(), label).resolves.toBe(true);
      }
      await expect(page.getByTestId('environment-badge').textContent()).resolves.toBe('LOCAL');
      await expect(page.getByRole('button', { name: '組織切替' }).count()).resolves.toBe(0);

      // The drawer folds to a rail of 80 px and back to 220 px.
      const sider = page.locator('.ant-layout-sider');
      const width = async () => (await sider.boundingBox())?.width;
      await expect.poll(width).toBe(220);
      await page.getByRole('button', { name: 'メニュー', exact: true }).click();
      await expect.poll(width).toBe(80);
      await page.getByRole('button', { name: 'メニュー', exact: true }).click();
      await expect.poll(width).toBe(220);

      await menu.getByText('管理').click();
      await settled(page);
      await menu.getByRole('link', { name: 'ユーザー', exact: true }).click();
      await page.waitForURL(`${baseURL}/home/user/`);
      await page.getByRole('heading', { name: 'ユーザー' }).waitFor();
      // No hover or keyboard highlight in the picture.
      await page.mouse.move(640, 400);
      await page.evaluate("document.activeElement instanceof HTMLElement && document.activeElement.blur()");
      await saveScreenshot(page, 'shell-desktop', { animations: 'disabled' });
    });
  });

  it('the e-mail code: a wrong one is cleared, the right one signs in', async () => {
    await onPage(
      async (page) => {
        const outbox = await watchOutbox(dataDir);
        await page.goto(`${baseURL}/home/`);
        await submitLogin(page, DEMO.mfauser);
        const code = page.getByRole('textbox', { name: '認証コード' });
        await code.waitFor();
        const sent = await outbox.nextCode('mfauser@rouder.example');

        const wrong = sent === '000000' ? '111111' : '000000';
        await code.fill(wrong);
        await page.getByRole('alert').waitFor();
        await expect(page.getByRole('alert').textContent()).resolves.toContain('認証コードが正しくありません。');
        await expect.poll(() => code.inputValue()).toBe('');
        await expect
          .poll(() => page.evaluate<string>("document.activeElement?.getAttribute('aria-label') ?? ''"))
          .toBe('認証コード');

        await code.pressSequentially(sent);
        await page.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();
        await page.waitForURL(`${baseURL}/home/status/`);
      },
      { expected: [{ status: 400, path: '/api/mfa/authenticate' }] },
    );
  });

  it('cancel on the code step logs out', async () => {
    await onPage(async (page) => {
      await page.goto(`${baseURL}/home/`);
      await submitLogin(page, DEMO.mfauser);
      await page.getByRole('textbox', { name: '認証コード' }).waitFor();
      // A reload keeps the code step: the server still waits for the code.
      await page.reload();
      await page.getByRole('textbox', { name: '認証コード' }).waitFor();
      await page.getByRole('button', { name: 'キャンセル' }).click();
      await page.getByLabel('組織ID').waitFor();
      const response = await page.request.get(`${baseURL}/mfa_required`);
      expect(((await response.json()) as { data: boolean }).data).toBe(false);
    });
  });
});

describe('system administrator', () => {
  it('must choose an organization, then switches from the toolbar', async () => {
    await onPage(async (page) => {
      await signIn(page, baseURL, DEMO.sysadmin);
      const dialog = orgDialog(page);
      await dialog.waitFor();
      await settled(page);
      await expect(dialog.getByText('管理する組織を選択してください。').isVisible()).resolves.toBe(true);
      await expect(dialog.getByRole('button', { name: 'キャンセル' }).count()).resolves.toBe(0);
      await expect(dialog.getByRole('button', { name: 'OK' }).isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: '組織切替' }).textContent()).resolves.toContain('未選択');
      // Neither Escape nor a click beside it dismisses it.
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 400);
      await expect(dialog.isVisible()).resolves.toBe(true);

      await pickOrganization(page, 'デモ株式会社', '2: デモ株式会社');
      await dialog.getByRole('button', { name: 'OK' }).click();
      // Back at Home, reloaded, and on to the status of organization 2.
      await page.waitForURL(`${baseURL}/home/status/`);
      const switcher = page.getByRole('button', { name: '組織切替' });
      await expect.poll(() => switcher.textContent()).toContain('デモ株式会社');
      await expect(page.evaluate<string | null>("sessionStorage.getItem('rouder_organizationId')")).resolves.toBe('2');

      await switcher.click();
      await orgDialog(page).waitFor();
      await settled(page);
      await orgDialog(page).getByRole('button', { name: 'キャンセル' }).click();
      await orgDialog(page).waitFor({ state: 'hidden' });

      await switcher.click();
      await orgDialog(page).waitFor();
      await settled(page);
      await pickOrganization(page, 'システム管理', '1: システム管理');
      await orgDialog(page).getByRole('button', { name: 'OK' }).click();
      await page.waitForURL(`${baseURL}/home/organization/`);
      await expect.poll(() => page.getByRole('button', { name: '組織切替' }).textContent()).toContain('システム管理');
      const menu = page.getByRole('navigation', { name: 'メインメニュー' });
      await menu.getByText('システム', { exact: true }).click();
      await settled(page);
      await expect(menu.getByRole('link', { name: 'メンテナンス' }).isVisible()).resolves.toBe(true);
      await expect(menu.getByRole('link', { name: 'チェック状況' }).count()).resolves.toBe(0);
    });
  });
});

describe('session', () => {
  it('logout: a toast at the top, then the login screen at /', async () => {
    await onPage(async (page) => {
      await signIn(page, baseURL, DEMO.demoadmin);
      await page.waitForURL(`${baseURL}/home/status/`);
      await userMenu(page, 'ログアウト');
      const toast = page.getByText('ログアウトしました。');
      await toast.waitFor();
      const box = await toast.boundingBox();
      expect(box?.y).toBeLessThan(100);
      await page.getByRole('button', { name: 'ログイン' }).waitFor();
      expect(pathname(page)).toBe('/home/');
      await expect.poll(() => page.title()).toBe(`ログイン | ${appName}`);
    });
  });

  it('a session ended elsewhere: the timeout toast and the login screen', async () => {
    await onPage(async (page) => {
      await signIn(page, baseURL, DEMO.store001);
      // Store staff land on their store's open checks.
      await page.waitForURL(`${baseURL}/home/check/`);
      // The page has read its checks: nothing is in flight when the session ends.
      await page.getByText('月次 店舗衛生点検').first().waitFor();
      await settled(page);
      // End the session behind the console's back (same cookie), then use the console.
      await page.request.post(`${baseURL}/logout`);
      await userMenu(page, 'サポート');
      await page.getByText('タイムアウトしました。再度ログインしてください。').waitFor();
      await page.getByRole('button', { name: 'ログイン' }).waitFor();
      expect(pathname(page)).toBe('/home/check/');
    }, { expected: [{ status: 401, path: '/api/support/file' }] });
  });

  it('a screen the user may not use says so and leads home (demoadmin at the organization list)', async () => {
    await onPage(async (page) => {
      await signIn(page, baseURL, DEMO.demoadmin);
      await page.waitForURL(`${baseURL}/home/status/`);
      // Only a system administrator may open it: the menu never offers it, the address does.
      await page.goto(`${baseURL}/home/organization/`);
      await page.getByText('このページを表示する権限がありません').waitFor();
      await expect(page.getByRole('button', { name: '再読み込み' }).count()).resolves.toBe(0);
      await expect(page.locator('.ant-alert-error').count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'ホームへ戻る' }).click();
      await page.waitForURL(`${baseURL}/home/status/`);
    }, { expected: [{ status: 403, path: '/api/organization' }] });
  });

  it('support: the manuals and the contact address', async () => {
    await onPage(async (page) => {
      await signIn(page, baseURL, DEMO.store001);
      await userMenu(page, 'サポート');
      const dialog = page.getByRole('dialog', { name: 'サポート' });
      await dialog.waitFor();
      await settled(page);
      await expect(dialog.getByText('お問い合わせ', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(dialog.getByRole('link', { name: 'support@rouder.example' }).getAttribute('href')).resolves.toBe(
        'mailto:support@rouder.example',
      );
      const manual = dialog.getByRole('button', { name: /\.pdf/ }).first();
      await manual.waitFor();
      const download = page.waitForEvent('download');
      await manual.click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    });
  });

  it('leaving with unsaved changes asks first', async () => {
    await onPage(async (page) => {
      await signIn(page, baseURL, DEMO.demoadmin);
      await page.waitForURL(`${baseURL}/home/status/`);
      await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: 'レポート' }).click();
      await page.waitForURL(`${baseURL}/home/report/file/`);

      // The password dialog is the one form of the shell: typing in it marks the page changed.
      await userMenu(page, 'パスワード変更');
      await settled(page);
      await page.getByLabel('現在のパスワード').fill('something');

      await page.goBack();
      const prompt = page.getByRole('dialog', { name: 'このページから移動しますか？' });
      await prompt.waitFor();
      await settled(page);
      await prompt.getByRole('button', { name: 'キャンセル' }).click();
      await prompt.waitFor({ state: 'hidden' });
      expect(pathname(page)).toBe('/home/report/file/');

      // Leaving the site asks through the browser's own prompt.
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.accept();
      });
      await page.goto('about:blank');
      expect(dialogs).toEqual(['beforeunload']);
    });
  });
});

describe('phone', () => {
  it('opens the menu as a temporary drawer', async () => {
    await onPage(
      async (page) => {
        await signIn(page, baseURL, DEMO.demoadmin);
        await page.waitForURL(`${baseURL}/home/status/`);
        await expect(page.getByRole('navigation', { name: 'メインメニュー' }).count()).resolves.toBe(0);
        await page.getByRole('button', { name: 'メニュー', exact: true }).click();
        const drawer = page.getByRole('dialog');
        await drawer.getByRole('link', { name: 'レポート' }).waitFor();
        await settled(page);
        await saveScreenshot(page, 'shell-phone', { animations: 'disabled' });
        await drawer.getByRole('link', { name: 'レポート' }).click();
        await page.waitForURL(`${baseURL}/home/report/file/`);
        await drawer.waitFor({ state: 'hidden' });
      },
      { viewport: { width: 375, height: 812 } },
    );
  });
});

// Last: it changes demoadmin's password (and restores it).
describe('password change', () => {
  async function openPasswordDialog(page: Page) {
    await userMenu(page, 'パスワード変更');
    const dialog = page.getByRole('dialog', { name: 'パスワード変更' });
    await dialog.waitFor();
    await settled(page);
    return dialog;
  }

  async function change(page: Page, from: string, to: string) {
    const dialog = await openPasswordDialog(page);
    await dialog.getByLabel('現在のパスワード').fill(from);
    await dialog.getByLabel('新しいパスワード', { exact: true }).fill(to);
    await dialog.getByLabel('新しいパスワード（確認）').fill(to);
    await dialog.getByRole('button', { name: 'パスワード変更' }).click();
    await page.getByText('パスワードを変更しました。').last().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('refuses a mismatch and a wrong current password, then changes and restores it', async () => {
    await onPage(
      async (page) => {
        await signIn(page, baseURL, DEMO.demoadmin);
        const dialog = await openPasswordDialog(page);
        await dialog.getByLabel('現在のパスワード').fill(DEMO.demoadmin.password);
        await dialog.getByLabel('新しいパスワード', { exact: true }).fill('Changed#2026');
        await dialog.getByLabel('新しいパスワード（確認）').fill('Changed#2027');
        await dialog.getByRole('button', { name: 'パスワード変更' }).click();
        await dialog.getByText('新しいパスワードと確認用パスワードが一致しません。').waitFor();

        await dialog.getByLabel('現在のパスワード').fill('Wrong#2026');
        await dialog.getByLabel('新しいパスワード（確認）').fill('Changed#2026');
        await dialog.getByRole('button', { name: 'パスワード変更' }).click();
        await dialog.getByText('現在のパスワードが正しくありません。').waitFor();
        await dialog.getByRole('button', { name: 'キャンセル' }).click();
        await dialog.waitFor({ state: 'hidden' });

        await change(page, DEMO.demoadmin.password, 'Changed#2026');
        // The new password signs in.
        await userMenu(page, 'ログアウト');
        await page.getByRole('button', { name: 'ログイン' }).waitFor();
        await submitLogin(page, { ...DEMO.demoadmin, password: 'Changed#2026' });
        await page.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();
        await change(page, 'Changed#2026', DEMO.demoadmin.password);
      },
      { expected: [{ status: 400, path: '/api/user/' }] },
    );
  });
});
