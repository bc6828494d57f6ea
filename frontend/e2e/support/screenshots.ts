import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page, PageScreenshotOptions } from 'playwright-core';

// The pictures in docs/screenshots/ are refreshed on purpose (`make screenshots`), not by every
// test run: a plain `make test` must leave the checkout unchanged.
const directory = process.env.SCREENSHOT_DIR ? path.resolve(process.env.SCREENSHOT_DIR) : undefined;

/** Saves `<name>.png` into SCREENSHOT_DIR when it is set; does nothing otherwise. */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
): Promise<void> {
  if (!directory) return;
  await mkdir(directory, { recursive: true });
  await page.screenshot({ ...options, path: path.join(directory, `${name}.png`) });
}
