// Fixtures of the master screens' component tests (not part of the app).
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { configure } from '@testing-library/react';
import { demoAdmin, fakeEnums, fakeOptions, signedInRoutes, type FakeRoutes } from '@/test/fakeServer';
import type { Facility, FacilityAttribute, FacilityItem, Group, GroupEnum } from './common/types';
import type { Page } from '@/shared/list/types';

export const demoGroups: GroupEnum[] = [
  { groupId: 3, groupName: '本部', path: '/3/', isTopGroup: true },
  { groupId: 4, groupName: '東日本エリア', path: '/3/4/', isTopGroup: false },
  { groupId: 5, groupName: '関東ブロック', path: '/3/4/5/', isTopGroup: false },
  { groupId: 6, groupName: '東北ブロック', path: '/3/4/6/', isTopGroup: false },
  { groupId: 7, groupName: '西日本エリア', path: '/3/7/', isTopGroup: false },
];

export const demoTags: FacilityAttribute[] = [
  { facilityAttributeId: 1, label: '駅前', facilityCount: 6 },
  { facilityAttributeId: 2, label: '郊外', facilityCount: 4 },
];

export const shinjuku: FacilityItem = {
  facilityId: 11,
  groupId: 5,
  groupName: '関東ブロック',
  facilityName: '新宿駅前店',
  facilityNameKana: 'シンジュクエキマエテン',
  address: '東京都新宿区西新宿1-1-1',
  tel: '03-1234-0001',
  managerName: '田中 一郎',
  externalDataId: 'S001',
  availableAdvancedReport: true,
  availableSurvey: true,
  attributeList: [{ facilityAttributeId: 1, label: '駅前' }],
};

export const shibuya: FacilityItem = {
  ...shinjuku,
  facilityId: 12,
  facilityName: '渋谷公園通り店',
  facilityNameKana: 'シブヤコウエンドオリテン',
  tel: '03-1234-0002',
  externalDataId: 'S002',
  attributeList: [],
};

export const shinjukuDetail: Facility = {
  ...shinjuku,
  externalDataValue: 'POS-1',
  terminalIdList: ['TERM-001'],
  version: 7,
};

export function page<T>(items: T[], total = items.length, pageNumber = 1, size = 10): Page<T> {
  return { items, total, page: pageNumber, size };
}

export const group = (fields: Partial<Group> & Pick<Group, 'groupId' | 'groupName' | 'path'>): Group => ({
  parentGroupId: null,
  parentGroupName: '',
  depth: fields.path.split('/').length - 3,
  groupNameKana: '',
  jkCode: '',
  childCount: 0,
  facilityCount: 0,
  userCount: 0,
  version: 1,
  ...fields,
});

/** A signed-in demo administrator whose organization names the external data 店舗コード / POS連携データ. */
export function masterRoutes(overrides: FakeRoutes = {}, user = demoAdmin): FakeRoutes {
  return {
    ...signedInRoutes(user),
    'GET /api/enums': { data: { ...fakeEnums, groupList: demoGroups } },
    'GET /api/login_user/organization': {
      data: { ...fakeOptions, externalDataIdLabel: '店舗コード', externalDataValueLabel: 'POS連携データ' },
    },
    'GET /api/facility/attribute': { data: demoTags },
    ...overrides,
  };
}

/** The store staff of the demo: may see stores, may not change them. */
export const storeStaff = { ...demoAdmin, userId: 3, userAccount: 'store001', roleList: ['ROLE_CHECK_REFERENCE'] };

/** The query of the last request to `path`. */
export function lastQuery(requests: Request[], key: string): URLSearchParams {
  const request = requests.filter((candidate) => `${candidate.method} ${new URL(candidate.url).pathname}` === key).at(-1);
  if (!request) throw new Error(`no request ${key}`);
  return new URL(request.url).searchParams;
}

/**
 * user-event without its pointer-events check, which reads the computed style of every ancestor
 * on each action: with antd's style sheets that costs seconds per click in jsdom.
 */
export const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/**
 * The screens are lazy route chunks inside the lazily loaded shell: under a loaded machine the
 * first screen of a file can take longer than the usual 5 s to appear. Call at the top of a
 * screen test file.
 */
export function allowSlowScreens(): void {
  configure({ asyncUtilTimeout: 20_000 });
}
