import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/screenshots';
import { DEMO, settled } from './support/session';
import { DESKTOP, PHONE, signedInPages } from './support/suite';

// Bulk master registration (issue 14) against the real server: demoadmin downloads the workbook,
// the test edits it as a person would in Excel (a store and a user added, a group renamed, one
// phone number broken), uploads it, sees the error row, fixes it, uploads again, applies, takes
// the new user's initial password, and finds the new store and user in their lists.

const baseURL = inject('baseURL');
const pages = signedInPages(baseURL);
let page: Page;

const STORE = '川崎駅前店E2E';
const ACCOUNT = 'e2eimport01';

async function open(viewport: { width: number; height: number }) {
  page = await pages.open(viewport, DEMO.demoadmin);
}

/** Downloads what the button gives, as bytes. */
async function download(click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** A sheet of the workbook, which must be there. */
function sheet(book: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = book.getWorksheet(name);
  if (!found) throw new Error(`no sheet ${name}`);
  return found;
}

/** The row of a sheet whose column holds value. */
function rowWith(sheet: ExcelJS.Worksheet, column: number, value: string): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(column).text === value) found = row;
  });
  if (!found) throw new Error(`no row of ${sheet.name} has ${value}`);
  return found;
}

async function upload(book: ExcelJS.Workbook, name: string) {
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await page.getByRole('button', { name: '取り込んでプレビュー' }).click();
  const preview = page.getByLabel('取込の内容');
  await preview.getByText(`取込の内容：${name}`).waitFor();
  await preview.getByTestId('import-status').getByText('プレビュー済み').waitFor({ timeout: 60_000 });
  return preview;
}

describe('bulk master registration', () => {
  it('demoadmin edits the downloaded workbook, fixes the error row, applies it and finds the new store and user', async () => {
    await open(DESKTOP);
    await page.goto(`${baseURL}/home/master/`);
    await page.getByRole('table', { name: '取込の履歴' }).or(page.getByText('取り込んだファイルはありません')).first().waitFor();
    await settled(page);
    const workbook = await download(() => page.getByRole('button', { name: '現在のマスタをダウンロード' }).click());
    expect(workbook.name).toMatch(/^マスタ一括登録_\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(workbook.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['説明', '店舗タグ', 'ユーザータグ', 'グループ', '店舗', 'ユーザー', 'チェックリスト', 'チェック項目', 'アンケート']);

    const groups = sheet(book, 'グループ');
    const stores = sheet(book, '店舗');
    const users = sheet(book, 'ユーザー');
    const kyushu = rowWith(groups, 3, '九州ブロック');
    const kyushuId = kyushu.getCell(1).text;
    kyushu.getCell(3).value = '九州・沖縄ブロック';
    rowWith(stores, 3, '熊本インター店').getCell(6).value = '096-123-ABCD';
    stores.addRow(['', kyushuId, STORE, 'カワサキエキマエテンイーツーイー', '神奈川県川崎市川崎区1-1', '044-123-0099', '', 'S901', '', 'いいえ', 'はい', '駅前']);
    users.addRow(['', ACCOUNT, '取込', '花子', 'グループスタッフ', '', kyushuId, '', 'S901', '', '', '', 'e2eimport01@rouder.example', '']);

    // The broken phone number is an error row; nothing can be applied.
    let preview = await upload(book, 'マスタ_誤りあり.xlsx');
    await preview.getByText('電話番号の形式で入力してください').waitFor();
    await preview.getByText('「096-123-ABCD」', { exact: false }).waitFor();
    expect(await preview.getByRole('button', { name: '反映する' }).isDisabled()).toBe(true);
    const withErrors = await download(() => preview.getByRole('button', { name: 'エラー列付きのブック' }).click());
    const errorBook = new ExcelJS.Workbook();
    await errorBook.xlsx.load(withErrors.bytes as unknown as ArrayBuffer);
    const errorRow = rowWith(sheet(errorBook, '店舗'), 3, '熊本インター店');
    expect(errorRow.getCell(13).text).toContain('電話番号の形式で入力してください');
    await saveScreenshot(page, 'master-import-errors-desktop');

    // Fixed, the file previews clean and applies.
    rowWith(stores, 3, '熊本インター店').getCell(6).value = '096-123-0010';
    preview = await upload(book, 'マスタ_修正済み.xlsx');
    await preview.getByRole('table', { name: 'シートごとの件数' }).waitFor();
    await preview.getByText('九州・沖縄ブロック').first().waitFor();
    await settled(page);
    await preview.getByRole('button', { name: '反映する' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '反映する' }).click();
    await preview.getByTestId('import-status').getByText('反映済み').waitFor({ timeout: 60_000 });
    await saveScreenshot(page, 'master-import-applied-desktop');

    const passwords = await download(() => preview.getByRole('button', { name: /初期パスワード/ }).click());
    const pwBook = new ExcelJS.Workbook();
    await pwBook.xlsx.load(passwords.bytes as unknown as ArrayBuffer);
    const pwRow = sheet(pwBook, '初期パスワード').getRow(2);
    expect(pwRow.getCell(1).text).toBe(ACCOUNT);
    expect(pwRow.getCell(4).text).toMatch(/^[A-Za-z0-9]{8}$/);

    // The new store and user are in their lists.
    await page.goto(`${baseURL}/home/facility/?searchText=${encodeURIComponent(STORE)}`);
    await page.getByRole('table').getByText(STORE).waitFor();
    await page.getByRole('table').getByText('九州・沖縄ブロック').first().waitFor();
    await page.goto(`${baseURL}/home/user/?searchText=${ACCOUNT}`);
    await page.getByRole('table').getByRole('link', { name: ACCOUNT, exact: true }).waitFor();
    // The longest flow of the suite (download, edit, two uploads, a background import, two lists).
  }, 120_000);

  it('the past imports read on a phone', async () => {
    await open(PHONE);
    await page.goto(`${baseURL}/home/master/`);
    const list = page.getByRole('list', { name: '取込の履歴' });
    // The demo's own upload (a new store whose phone number is mistyped) is among them.
    const demo = list.getByRole('listitem').filter({ hasText: 'マスタ一括登録_川崎駅前店の追加.xlsx' });
    await demo.getByText('プレビュー済み').waitFor();
    await demo.getByRole('button', { name: '内容を見る' }).click();
    const preview = page.getByLabel('取込の内容');
    await preview.getByText('電話番号の形式で入力してください').waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'master-import-phone');
  });
});
