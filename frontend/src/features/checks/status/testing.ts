// Fixtures of the check status screens' component tests (not part of the app).
import { masterRoutes, page } from '@/features/masters/testing';
import type { FakeRoutes } from '@/test/fakeServer';
import type { CheckChoice, CheckListName, PeriodResult, SheetItem, StatusDetail, StatusRow } from './types';

export const kobeMonthly: StatusRow = {
  facilityId: 8,
  facilityName: '神戸ハーバー店',
  groupName: '関西ブロック',
  checkListMasterId: 1,
  checkListMasterName: '月次 店舗衛生点検',
  periodId: 4,
  fromDate: '2026-11-01',
  toDate: '2026-11-30',
  progress: 'CHECKED',
  answeredCount: 6,
  totalCount: 6,
  score: 9,
  possibleScore: 12,
  lastInputAt: '2026-11-21T11:26:05Z',
  submitted: true,
};

export const shinjukuWeekly: StatusRow = {
  facilityId: 1,
  facilityName: '新宿駅前店',
  groupName: '関東ブロック',
  checkListMasterId: 2,
  checkListMasterName: '週次 接客チェック',
  periodId: 8,
  fromDate: '2026-11-16',
  toDate: '2026-11-22',
  progress: 'UNCHECKED',
  answeredCount: 0,
  totalCount: 3,
  score: 0,
  possibleScore: 0,
  lastInputAt: null,
  submitted: false,
};

export const checkLists: CheckListName[] = [
  { checkListMasterId: 1, checkListMasterName: '月次 店舗衛生点検' },
  { checkListMasterId: 2, checkListMasterName: '週次 接客チェック' },
];

const scale: CheckChoice[] = [
  { label: '○', score: 2, bad: false },
  { label: '△', score: 1, bad: true },
  { label: '×', score: 0, bad: true },
];

const item = (fields: Partial<SheetItem> & Pick<SheetItem, 'itemId' | 'question'>): SheetItem => ({
  explanation: '',
  choiceList: scale,
  photoRequired: false,
  inapplicableAllowed: false,
  answer: null,
  answeredAs: null,
  ...fields,
});

const answered = (
  itemId: number,
  question: string,
  choice: string,
  extra: Partial<NonNullable<SheetItem['answer']>> = {},
  category = '店内清掃',
): Pick<SheetItem, 'answer' | 'answeredAs'> => ({
  answer: { itemId, choice, comment: '', inapplicable: false, photoIdList: [], inputDate: '2026-11-02', ...extra },
  answeredAs: { categoryName: category, question, choiceList: scale },
});

const history: PeriodResult[] = [
  { periodId: 4, fromDate: '2026-11-01', toDate: '2026-11-30', answeredCount: 5, totalCount: 6, score: 6, possibleScore: 8, progress: 'IN_PROGRESS', submitted: false },
  { periodId: 3, fromDate: '2026-10-01', toDate: '2026-10-31', answeredCount: 6, totalCount: 6, score: 11, possibleScore: 12, progress: 'CHECKED', submitted: true },
  { periodId: 2, fromDate: '2026-09-01', toDate: '2026-09-30', answeredCount: 0, totalCount: 6, score: 0, possibleScore: 0, progress: 'UNCHECKED', submitted: false },
];

/** 神戸ハーバー店 on the monthly list: a bad answer with a comment and two photos, one inapplicable, one unanswered. */
export const kobeDetail: StatusDetail = {
  sheet: {
    periodId: 4,
    checkListMasterId: 1,
    checkListMasterName: '月次 店舗衛生点検',
    fromDate: '2026-11-01',
    toDate: '2026-11-30',
    facilityId: 8,
    facilityName: '神戸ハーバー店',
    submitted: false,
    submittedAt: null,
    answeredCount: 5,
    totalCount: 6,
    score: 6,
    possibleScore: 8,
    progress: 'IN_PROGRESS',
    lastInputAt: '2026-11-21T11:26:05Z',
    version: 3,
    categoryList: [
      {
        categoryId: 1,
        categoryName: '店内清掃',
        itemList: [
          item({ itemId: 1, question: '床・通路にごみや汚れがないか', explanation: '客席・通路・レジ周りを確認', ...answered(1, '床・通路にごみや汚れがないか', '○') }),
          item({
            itemId: 2,
            question: 'トイレは清潔に保たれているか',
            photoRequired: true,
            ...answered(2, 'トイレは清潔に保たれているか', '×', { comment: '清掃業者に連絡済み', photoIdList: [31, 32] }),
          }),
          item({ itemId: 3, question: 'ゴミ箱があふれていないか' }),
        ],
      },
      {
        categoryId: 2,
        categoryName: '厨房・バックヤード',
        itemList: [
          item({
            itemId: 4,
            question: '冷蔵庫の温度記録がついているか',
            inapplicableAllowed: true,
            ...answered(4, '冷蔵庫の温度記録がついているか', '', { inapplicable: true }, '厨房・バックヤード'),
          }),
          item({
            itemId: 5,
            question: '食材の期限を毎朝確認しているか',
            ...answered(5, '食材の期限切れがないか', '△', {}, '厨房・バックヤード'),
          }),
          item({ itemId: 6, question: '手洗い設備に石けんがあるか', ...answered(6, '手洗い設備に石けんがあるか', '○', {}, '厨房・バックヤード') }),
        ],
      },
    ],
  },
  history,
};

/** A signed-in demo administrator (with the master routes) answering the status calls. */
export function statusRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return masterRoutes({
    'GET /api/status': { data: page([kobeMonthly, shinjukuWeekly], 2) },
    'GET /api/status/check_lists': { data: checkLists },
    'GET /api/status/8/1': { data: kobeDetail },
    ...overrides,
  });
}
