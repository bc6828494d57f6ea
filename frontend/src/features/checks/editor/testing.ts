// Fixtures of the check-list screens' component tests (not part of the app).
import { page, shibuya, shinjuku } from '@/features/masters/testing';
import type { FacilityItem } from '@/features/masters/common/types';
import type { CheckListMaster, CheckListMasterSummary } from './types';

export const sendai: FacilityItem = {
  ...shinjuku,
  facilityId: 13,
  groupId: 6,
  groupName: '東北ブロック',
  facilityName: '仙台駅前店',
  facilityNameKana: 'センダイエキマエテン',
  attributeList: [],
};

export const stores = [shinjuku, shibuya, sendai];

export const defaults: CheckListMaster = {
  checkListMasterId: 0,
  checkListMasterName: '',
  fromDate: '2026-05-01',
  toDate: '2026-05-31',
  nextInterval: 1,
  nextDuration: 'MONTHS',
  startNotificationTime: '',
  reminderNotificationTime: '',
  reminderDaysBefore: 0,
  availableImprovement: false,
  improvementReminderNotificationTime: '',
  improvementReminderDaysBefore: 0,
  closingDayRule: 'BEFORE',
  businessDays: false,
  targetFacilityList: [],
  targetUserList: [],
  categoryList: [],
  version: 0,
};

const circle = [
  { label: '○', score: 2, bad: false },
  { label: '△', score: 1, bad: true },
  { label: '×', score: 0, bad: true },
];

export const hygiene: CheckListMaster = {
  ...defaults,
  checkListMasterId: 5,
  checkListMasterName: '月次 店舗衛生点検',
  fromDate: '2026-02-01',
  toDate: '2026-02-28',
  startNotificationTime: '09:00',
  reminderNotificationTime: '18:30',
  reminderDaysBefore: 3,
  targetFacilityList: [11, 12],
  categoryList: [
    {
      categoryId: 21,
      categoryName: '店内',
      itemList: [
        { itemId: 101, question: '床は清潔か', explanation: '', choiceList: circle, photoRequired: true, inapplicableAllowed: false },
        { itemId: 102, question: 'トイレは清潔か', explanation: '便器と床', choiceList: circle, photoRequired: false, inapplicableAllowed: true },
      ],
    },
    {
      categoryId: 22,
      categoryName: '店外',
      itemList: [
        { itemId: 103, question: '看板は点灯しているか', explanation: '', choiceList: circle, photoRequired: false, inapplicableAllowed: false },
      ],
    },
  ],
  version: 4,
};

export const hygieneRow: CheckListMasterSummary = {
  checkListMasterId: 5,
  checkListMasterName: '月次 店舗衛生点検',
  fromDate: '2026-02-01',
  toDate: '2026-02-28',
  nextInterval: 1,
  nextDuration: 'MONTHS',
  itemCount: 3,
  facilityCount: 2,
  version: 4,
};

export const serviceRow: CheckListMasterSummary = {
  ...hygieneRow,
  checkListMasterId: 6,
  checkListMasterName: '週次 接客チェック',
  fromDate: '2026-05-04',
  toDate: '2026-05-10',
  nextDuration: 'WEEKS',
  itemCount: 5,
  facilityCount: 10,
};

/** What the editor reads besides the list itself: every store (one page) and users. */
export const editorRoutes = {
  'GET /api/facility': { data: page(stores, stores.length, 1, 100) },
  'GET /api/user': { data: page([]) },
};
