import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; no browser is ever downloaded. $CHROMIUM_PATH may point elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox', // the tests run as root in a container
      '--headless',
      '--disable-gpu',
      '--disable-background-networking', // no calls home: this machine reaches no one
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** Checked before the server starts, so a missing browser fails fast and says why. */
export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install it with \`apt-get install -y chromium\`.`);
  }
}
