import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';

// The store's answering page (/home/check/{periodId}) as the browser tests drive it.

/** One item of the sheet, by its question. */
export function sheetItem(page: Page, question: string): Locator {
  return page.getByRole('region', { name: question, exact: true });
}

/** A choice button of an item. */
export function sheetChoice(page: Page, question: string, label: string): Locator {
  return sheetItem(page, question).getByRole('group', { name: '評価' }).getByRole('button', { name: label, exact: true });
}

/** A small real PNG (a 16 × 16 gradient), made here so the tests need no fixture file. */
export function png(): Buffer {
  const size = 16;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x++) rows.push(x * 16, y * 16, 128);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
