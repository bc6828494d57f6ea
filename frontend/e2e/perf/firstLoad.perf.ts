import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO } from '../support/session';

// Largest Contentful Paint of the sign-in screen and of the status list, on a cold cache, under
// Lighthouse's "slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) with the CPU slowed 4×,
// served by the binary alone (no proxy in front). Printed with the goals of docs/benchmarks.md.
// PERF_TRACE=1 also prints each load's timeline: paints, every LCP candidate (element, time, size),
// each resource's start and end, and when the HTML and DOMContentLoaded were done.

const baseURL = inject('baseURL');
const RUNS = Number(process.env.LCP_RUNS ?? 3);
const PROFILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

interface Load {
  lcpMs: number;
  wireKB: number;
  scriptKB: number;
}

/** The page's timeline as one line of JSON (PERF_TRACE). */
const TIMELINE = `JSON.stringify({
  paints: performance.getEntriesByType('paint').map((e) => e.name + ' @' + Math.round(e.startTime)),
  lcpCandidates: window.lcpCandidates,
  resources: performance.getEntriesByType('resource').map(
    (e) => e.name.replace(location.origin, '') + ' ' + Math.round(e.startTime) + '-' + Math.round(e.responseEnd)),
  html: Math.round(performance.getEntriesByType('navigation')[0].responseEnd),
  domContentLoaded: Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd),
})`;

/** Opens path in a fresh context under the profile; ready says when the page shows what it is for. */
async function measure(context: BrowserContext, path: string, ready: (page: Page) => Promise<void>): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILE });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let wire = 0;
  let script = 0;
  const types = new Map<string, string>();
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    wire += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') script += event.encodedDataLength;
  });
  // Installed before any page script (and outside the page's Content-Security-Policy).
  await page.addInitScript({
    content: `window.lcp = 0; new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.lcp = Math.max(window.lcp, entry.startTime);
        const element = entry.element ? entry.element.tagName + '.' + entry.element.className : '?';
        (window.lcpCandidates ||= []).push(element + ' @' + Math.round(entry.startTime) + ' size ' + entry.size);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });`,
  });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'commit' });
  await ready(page);
  await page.waitForTimeout(1_000); // a later, larger paint would still count
  const lcp = Number(await page.evaluate('window.lcp'));
  if (process.env.PERF_TRACE) console.log(await page.evaluate(TIMELINE));
  await page.close();
  return { lcpMs: lcp, wireKB: wire / 1024, scriptKB: script / 1024 };
}

/** A store's answer link of the demo's first survey. */
async function demoSurveyKey(): Promise<string> {
  const context = await browser.newContext();
  const api = context.request;
  const { organizationId, account, password } = DEMO.demoadmin;
  await api.post(`${baseURL}/login`, { data: { organizationId: Number(organizationId), userAccount: account, password }, headers: { Origin: baseURL } });
  const list = (await (await api.get(`${baseURL}/api/survey?ORG_ID=2`)).json()) as { data: { items: { surveyId: number }[] } };
  const id = list.data.items[0]?.surveyId ?? 0;
  const links = (await (await api.get(`${baseURL}/api/survey/${String(id)}/links?ORG_ID=2`)).json()) as { data: { surveyKey: string }[] };
  await context.close();
  const key = links.data[0]?.surveyKey;
  if (!key) throw new Error('the demo data has no survey link');
  return key;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function report(name: string, loads: Load[], goalMs: number) {
  const lcp = median(loads.map((l) => l.lcpMs));
  const line =
    `${name}: LCP ${(lcp / 1000).toFixed(2)} s (median of ${String(loads.length)}; goal ≤ ${(goalMs / 1000).toFixed(1)} s), ` +
    `${median(loads.map((l) => l.wireKB)).toFixed(0)} kB on the wire, ${median(loads.map((l) => l.scriptKB)).toFixed(0)} kB of it JavaScript`;
  console.log(line);
  return lcp;
}

describe('first load on slow 4G with a 4× slower CPU', () => {
  it('the sign-in screen', async () => {
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1366, height: 900 } });
      loads.push(await measure(context, '/home/', (page) => page.getByRole('button', { name: 'ログイン' }).waitFor({ timeout: 120_000 })));
      await context.close();
    }
    expect(report('sign-in screen', loads, 2_500)).toBeGreaterThan(0);
  });

  it('the status list, signed in, on a cold cache', async () => {
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1366, height: 900 } });
      const signIn = await context.request.post(`${baseURL}/login`, {
        data: { organizationId: Number(DEMO.demoadmin.organizationId), userAccount: DEMO.demoadmin.account, password: DEMO.demoadmin.password },
        headers: { Origin: baseURL },
      });
      expect(signIn.status()).toBe(200);
      loads.push(
        await measure(context, '/home/status/', (page) =>
          page.getByRole('table').getByRole('row').nth(1).waitFor({ timeout: 120_000 }),
        ),
      );
      await context.close();
    }
    expect(report('status list', loads, 2_500)).toBeGreaterThan(0);
  });

  it('the survey answer page', async () => {
    const key = await demoSurveyKey();
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 }, hasTouch: true });
      loads.push(await measure(context, `/home/a/${key}`, (page) => page.getByRole('button', { name: /送信|回答/ }).first().waitFor({ timeout: 120_000 })));
      await context.close();
    }
    expect(report('survey answer page', loads, 1_200)).toBeGreaterThan(0);
  });
});
