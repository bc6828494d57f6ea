// Fixtures of the improvement screens' component tests (not part of the app).
import { masterRoutes, page, shibuya, shinjuku } from '@/features/masters/testing';
import type { FakeRoutes } from '@/test/fakeServer';
import { demoAdmin } from '@/test/fakeServer';
import type { Improvement, ImprovementDetail, ImprovementPage } from './types';

export const toiletReport: Improvement = {
  improvementId: 5,
  facilityId: 1,
  facilityName: '新宿駅前店',
  groupName: '関東ブロック',
  subject: 'トイレは清潔に保たれているか：×',
  sourceKind: 'CHECK',
  status: 'IN_REVIEW_UNREAD',
  dueDate: '2026-11-30',
  overdue: false,
  isUnread: true,
  isTargetUnread: false,
  createDate: '2026-11-20T01:00:00Z',
  contentModifyDate: '2026-11-21T11:26:05Z',
  version: 3,
};

export const surveyReport: Improvement = {
  improvementId: 6,
  facilityId: 2,
  facilityName: '渋谷センター店',
  groupName: '関東ブロック',
  subject: 'アンケート「来店アンケート」 おすすめ度 3',
  sourceKind: 'SURVEY',
  status: 'IN_PROGRESS',
  dueDate: '2026-11-10',
  overdue: true,
  isUnread: false,
  isTargetUnread: true,
  createDate: '2026-11-03T01:00:00Z',
  contentModifyDate: '2026-11-03T01:00:00Z',
  version: 1,
};

export function improvementPage(items: Improvement[], side: 'OFFICE' | 'STORE' = 'OFFICE'): ImprovementPage {
  return {
    ...page(items),
    counts: [
      { status: 'IN_PROGRESS_UNREAD', count: 0 },
      { status: 'IN_PROGRESS', count: 1 },
      { status: 'IN_REVIEW_UNREAD', count: 1 },
      { status: 'IN_REVIEW', count: 0 },
      { status: 'COMPLETED', count: 4 },
    ],
    overdueCount: 1,
    waitingCount: 1,
    side,
  };
}

export const toiletDetail: ImprovementDetail = {
  improvement: toiletReport,
  source: {
    kind: 'CHECK',
    checkListMasterId: 1,
    checkListMasterName: '月次 店舗衛生点検',
    periodId: 4,
    fromDate: '2026-11-01',
    toDate: '2026-11-30',
    itemId: 12,
    categoryName: '店内清掃',
    question: 'トイレは清潔に保たれているか',
    choice: '×',
    score: 0,
    comment: '清掃業者に連絡済み',
    photoIdList: [31],
    photoRequired: true,
    surveyValueList: [],
  },
  eventList: [
    { seq: 1, kind: 'CREATED', side: 'OFFICE', userName: '', text: '', photoIdList: [], createDate: '2026-11-20T01:00:00Z' },
    { seq: 2, kind: 'REPLY', side: 'STORE', userId: 3, userName: '店舗001', text: '清掃しました', photoIdList: [41], createDate: '2026-11-21T11:26:05Z' },
  ],
  side: 'OFFICE',
  actionList: ['COMMENT', 'SEND_BACK', 'COMPLETE'],
};

/** The improvement calls of the screens, on top of the master routes (stores, groups). */
export function improvementRoutes(overrides: FakeRoutes = {}, user = demoAdmin): FakeRoutes {
  return masterRoutes(
    {
      'GET /api/improvement': { data: improvementPage([toiletReport, surveyReport]) },
      'GET /api/improvement/5': { data: toiletDetail },
      'POST /api/improvement/5/read': { data: null },
      'GET /api/improvement/waiting': { data: { waitingCount: 1 } },
      'GET /api/improvement/5/assignee': {
        data: [
          { userId: 2, userAccount: 'demoadmin', userName: '本部 管理者' },
          { userId: 3, userAccount: 'store001', userName: '新宿 店員' },
        ],
      },
      'GET /api/facility': { data: page([shinjuku, shibuya]) },
      ...overrides,
    },
    user,
  );
}
