import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Credentials } from './session';

// What a test sets up the way head office would, through the API (not the screens under test).

/** A page of its own, signed in through the API, for calls made as `who`. */
export async function apiPage(browser: Browser, baseURL: string, who: Credentials): Promise<Page> {
  const page = await browser.newPage();
  const login = await page.request.post(`${baseURL}/login`, {
    data: { organizationId: Number(who.organizationId), userAccount: who.account, password: who.password },
  });
  expect(login.status()).toBe(200);
  return page;
}

/** The id of one of デモ株式会社's stores. */
export async function demoStoreId(page: Page, baseURL: string, name: string): Promise<number> {
  const answer = await page.request.get(`${baseURL}/api/facility`, { params: { ORG_ID: '2', searchText: name, size: '10' } });
  const { data } = (await answer.json()) as { data: { items: { facilityId: number; facilityName: string }[] } };
  const store = data.items.find((row) => row.facilityName === name);
  expect(store, `the demo store ${name}`).toBeDefined();
  return store?.facilityId ?? 0;
}

/** The ○/△/× scale, △ and × bad. */
export const CIRCLE = [
  { label: '○', score: 2, bad: false },
  { label: '△', score: 1, bad: true },
  { label: '×', score: 0, bad: true },
];

/** demoadmin's check list for 新宿駅前店 (store001's store): the fields given over quiet defaults. */
export async function createDemoCheckList(page: Page, baseURL: string, fields: Record<string, unknown>): Promise<void> {
  const created = await page.request.post(`${baseURL}/api/check_list_master?ORG_ID=2`, {
    data: {
      nextInterval: 1,
      nextDuration: 'MONTHS',
      startNotificationTime: '',
      reminderNotificationTime: '',
      reminderDaysBefore: 0,
      availableImprovement: false,
      improvementReminderNotificationTime: '',
      improvementReminderDaysBefore: 0,
      targetFacilityList: [await demoStoreId(page, baseURL, '新宿駅前店')],
      targetUserList: [],
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
}
