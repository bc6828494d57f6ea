import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';

/** The demo sign-ins seeded by SEED_DEMO=true (README.md). */
export const DEMO = {
  sysadmin: { organizationId: '1', account: 'sysadmin', password: 'Sysadmin#2026' },
  demoadmin: { organizationId: '2', account: 'demoadmin', password: 'Demoadmin#2026' },
  store001: { organizationId: '2', account: 'store001', password: 'Store001#2026' },
  mfauser: { organizationId: '3', account: 'mfauser', password: 'Mfauser#2026' },
} as const;

export interface Credentials {
  organizationId: string;
  account: string;
  password: string;
}

/** Fills the login card and submits it (the page must show the login screen). */
export async function submitLogin(page: Page, credentials: Credentials): Promise<void> {
  await page.getByLabel('組織ID').fill(credentials.organizationId);
  await page.getByLabel('アカウント').fill(credentials.account);
  await page.getByLabel('パスワード', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

/** Opens /home/ signed out, signs in and waits for the console's side menu or its dialog. */
export async function signIn(page: Page, baseURL: string, credentials: Credentials): Promise<void> {
  await page.goto(`${baseURL}/home/`);
  await submitLogin(page, credentials);
  await page.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();
}

/** Mail files in the server's outbox, newest last. */
async function outboxFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(path.join(dataDir, 'outbox'))).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/** Remembers the outbox, then waits for the next mail to `to` and returns its 6-digit code. */
export async function watchOutbox(dataDir: string) {
  const before = new Set(await outboxFiles(dataDir));
  return {
    async nextCode(to: string, timeoutMs = 20_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        for (const name of await outboxFiles(dataDir)) {
          if (before.has(name)) continue;
          const mail = await readFile(path.join(dataDir, 'outbox', name), 'utf8');
          if (!mail.includes(`<${to}>`)) continue;
          const code = /\b(\d{6})\b/.exec(decodeBody(mail))?.[1];
          if (code) return code;
        }
        await sleep(200);
      }
      throw new Error(`no mail with a code for ${to} arrived in ${dataDir}/outbox within ${timeoutMs} ms`);
    },
  };
}

/** The text body of a single-part mail, base64 or not. */
function decodeBody(mail: string): string {
  const [headers = '', ...rest] = mail.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  return /Content-Transfer-Encoding:\s*base64/i.test(headers) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
}

/** antd's motion classes while something opens, closes or slides. */
const MOVING = ['appear-prepare', 'appear-start', 'appear-active', 'enter-prepare', 'enter-start', 'enter-active', 'leave-start', 'leave-active']
  .map((state) => `[class*="-${state}"]`)
  .join(',');

/**
 * Waits until no dialog, dropdown, drawer or submenu is still animating: a click on something
 * that moves may land beside it.
 */
export async function settled(page: Page): Promise<void> {
  // Polled through a locator: the console's Content-Security-Policy forbids the string evaluation
  // waitForFunction would use.
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while ((await page.locator(MOVING).count()) > 0) {
    if (Date.now() > deadline) throw new Error(`still animating after ${String(SETTLE_TIMEOUT_MS)} ms: ${MOVING}`);
    await sleep(50);
  }
}

const SETTLE_TIMEOUT_MS = 30_000;
