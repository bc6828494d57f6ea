// Fixtures of the answering screens' component tests (not part of the app).
import { vi } from 'vitest';
import { storeStaff } from '@/features/masters/testing';
import { fakeOptions, signedInRoutes, type FakeRoutes } from '@/test/fakeServer';
import { dayjs } from '@/lib/time/dayjs';
import type { CheckChoice, CheckSheet, OpenCheck, SheetItem } from './api';

/** This month in Tokyo: the period of the open fixtures, so they run whatever today is. */
const today = dayjs().tz();
export const FROM = today.startOf('month').format('YYYY-MM-DD');
export const TO = today.endOf('month').format('YYYY-MM-DD');
export const TODAY = today.format('YYYY-MM-DD');

export const CIRCLE: CheckChoice[] = [
  { label: '○', score: 2, bad: false },
  { label: '△', score: 1, bad: true },
  { label: '×', score: 0, bad: true },
];

const item = (fields: Partial<SheetItem> & Pick<SheetItem, 'itemId' | 'question'>): SheetItem => ({
  explanation: '',
  choiceList: CIRCLE,
  photoRequired: false,
  inapplicableAllowed: false,
  answer: null,
  answeredAs: null,
  ...fields,
});

export const FLOOR = '床・通路にごみや汚れがないか';
export const TOILET = 'トイレは清潔に保たれているか';
export const FRIDGE = '冷蔵庫の温度記録がついているか';

/** 月次 店舗衛生点検 of 新宿駅前店, nothing answered yet (version 0). */
export const hygieneSheet: CheckSheet = {
  periodId: 4,
  checkListMasterId: 1,
  checkListMasterName: '月次 店舗衛生点検',
  fromDate: FROM,
  toDate: TO,
  facilityId: 1,
  facilityName: '新宿駅前店',
  submitted: false,
  submittedAt: null,
  answeredCount: 0,
  totalCount: 3,
  score: 0,
  possibleScore: 0,
  progress: 'UNCHECKED',
  lastInputAt: null,
  version: 0,
  categoryList: [
    {
      categoryId: 1,
      categoryName: '店内清掃',
      itemList: [
        item({ itemId: 1, question: FLOOR, explanation: '客席・通路・レジ周りを確認' }),
        item({ itemId: 2, question: TOILET, photoRequired: true, inapplicableAllowed: true }),
      ],
    },
    { categoryId: 2, categoryName: '厨房・バックヤード', itemList: [item({ itemId: 3, question: FRIDGE })] },
  ],
};

/** The same sheet with answers saved (version 3). */
export function answeredSheet(overrides: Partial<CheckSheet> = {}): CheckSheet {
  const answer = (itemId: number, choice: string, photoIdList: number[] = []) => ({
    itemId,
    choice,
    comment: '',
    inapplicable: false,
    photoIdList,
    inputDate: FROM,
  });
  const [cleaning, kitchen] = hygieneSheet.categoryList;
  if (!cleaning || !kitchen) throw new Error('fixture');
  return {
    ...hygieneSheet,
    version: 3,
    answeredCount: 3,
    progress: 'CHECKED',
    categoryList: [
      {
        ...cleaning,
        itemList: cleaning.itemList.map((entry) => ({
          ...entry,
          answer: answer(entry.itemId, '○', entry.photoRequired ? [31] : []),
          answeredAs: { categoryName: cleaning.categoryName, question: entry.question, choiceList: CIRCLE },
        })),
      },
      {
        ...kitchen,
        itemList: kitchen.itemList.map((entry) => ({
          ...entry,
          answer: answer(entry.itemId, '△'),
          answeredAs: { categoryName: kitchen.categoryName, question: entry.question, choiceList: CIRCLE },
        })),
      },
    ],
    ...overrides,
  };
}

export const openHygiene: OpenCheck = {
  checkListMasterId: 1,
  checkListMasterName: '月次 店舗衛生点検',
  periodId: 4,
  fromDate: FROM,
  toDate: TO,
  answeredCount: 0,
  totalCount: 6,
  progress: 'UNCHECKED',
  submitted: false,
};

export const openService: OpenCheck = {
  checkListMasterId: 2,
  checkListMasterName: '週次 接客チェック',
  periodId: 8,
  fromDate: TODAY,
  toDate: TODAY,
  answeredCount: 2,
  totalCount: 3,
  progress: 'IN_PROGRESS',
  submitted: false,
};

/** store001 signed in; the organization's photo-library option as given. */
export function answerRoutes(overrides: FakeRoutes = {}, { allowPhotoLibrary = false } = {}): FakeRoutes {
  return {
    ...signedInRoutes(storeStaff),
    'GET /api/login_user/organization': { data: { ...fakeOptions, allowPhotoLibrary } },
    ...overrides,
  };
}

/**
 * XMLHttpRequest (the photo upload's transport) over the stubbed `fetch`, so the fake server
 * answers uploads too. It reports half the upload sent at once, then waits for the answer. The
 * multipart body stays here (`sent`): jsdom's FormData does not travel through Node's Request.
 */
export function stubUploads() {
  const sent: FormData[] = [];
  class FetchXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private method = 'GET';
    private url = '';

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    send(body: FormData) {
      sent.push(body);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
      void globalThis
        .fetch(new Request(this.url, { method: this.method }))
        .then(async (response) => {
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        })
        .catch(() => {
          this.onerror?.();
        });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
  return { sent };
}

/** A small PNG file as a phone would hand it over. */
export const pngFile = (name = 'toilet.png', bytes = 68) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
