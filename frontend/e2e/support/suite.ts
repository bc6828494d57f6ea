import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';
import { SIGNED_OUT_PROBE, watchPage } from './pageWatch';
import { signIn, type Credentials } from './session';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/**
 * One browser for a test file, one signed-in page per test, and the watch that fails a test on any
 * request or console error it did not expect. Call at the top of a file; `open` signs in.
 */
export function signedInPages(baseURL: string) {
  let browser: Browser;
  let page: Page | undefined;
  let watch: ReturnType<typeof watchPage> | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  afterEach(async () => {
    await page?.close();
    expect(watch?.unexpected([SIGNED_OUT_PROBE]) ?? []).toEqual([]);
    page = undefined;
    watch = undefined;
  });
  return {
    /**
     * A new page at the viewport (touch on a phone, downloads allowed), signed in as who; a system
     * administrator acts in `actingOrganization` (chosen beforehand, so no selection dialog opens).
     */
    async open(viewport: { width: number; height: number }, who: Credentials, actingOrganization?: string): Promise<Page> {
      page = await browser.newPage({ viewport, locale: 'ja-JP', acceptDownloads: true, hasTouch: viewport === PHONE });
      watch = watchPage(page);
      if (actingOrganization) await page.addInitScript(`sessionStorage.setItem('rouder_organizationId', '${actingOrganization}')`);
      await signIn(page, baseURL, who);
      return page;
    },
  };
}
