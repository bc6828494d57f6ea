// Fixtures of the user screens' component tests (not part of the app).
import { demoAdmin, fakeEnums, type FakeRoutes } from '@/test/fakeServer';
import { demoGroups, masterRoutes, page, shibuya, shinjuku } from '../testing';
import type { Authority, User, UserAttribute } from './types';

/** The server's authority list (GET /api/enums), as access.Authorities names them. */
export const demoAuthorities: Authority[] = [
  { name: 'SYSTEM_ADMIN', label: 'システム管理者', main: true },
  { name: 'ORGANIZATION_ADMIN', label: '組織管理者', main: true },
  { name: 'GROUP_ADMIN', label: 'グループ管理者', main: true },
  { name: 'GROUP_STAFF', label: 'グループスタッフ', main: true },
  { name: 'CHECK_ITEM_EDITOR', label: 'チェック項目編集', main: false },
  { name: 'SURVEY_EDITOR', label: 'アンケート編集', main: false },
  { name: 'HISTORY_EXPORTER', label: '履歴エクスポート', main: false },
  { name: 'MASTER_IMPORTER', label: 'マスタ一括登録', main: false },
];

export const demoUserTags: UserAttribute[] = [
  { userAttributeId: 1, label: '店長', userCount: 3 },
  { userAttributeId: 2, label: 'アルバイト', userCount: 0 },
];

export const staffUser: User = {
  userId: 21,
  userAccount: 'store002',
  lastName: '佐藤',
  firstName: '花子',
  mainAuthorityName: 'GROUP_STAFF',
  subAuthorityNameList: ['CHECK_ITEM_EDITOR'],
  groupId: 5,
  groupName: '関東ブロック',
  facilityId: 11,
  facilityName: '新宿駅前店',
  attributeList: [{ userAttributeId: 1, label: '店長' }],
  ipAddressRestriction: true,
  mfaType: 'NONE',
  mailAddress: 'sato@example.com',
  disabled: false,
  version: 4,
};

/** The signed-in demo administrator as a row of the list. */
export const adminUser: User = {
  ...staffUser,
  userId: demoAdmin.userId,
  userAccount: 'demoadmin',
  lastName: 'デモ',
  firstName: '管理者',
  mainAuthorityName: 'ORGANIZATION_ADMIN',
  subAuthorityNameList: [],
  groupId: 3,
  groupName: '本部',
  attributeList: [],
  mailAddress: 'admin@example.com',
  version: 1,
};

/** A group administrator: may manage users but grants only what it holds. */
export const groupAdmin = {
  ...demoAdmin,
  userId: 30,
  userAccount: 'groupadmin',
  roleList: [
    'ROLE_CHECK_REFERENCE',
    'ROLE_SURVEY_RESULT_REFERENCE',
    'ROLE_SURVEY_REFERENCE',
    'ROLE_REPORT_REFERENCE',
    'ROLE_GROUP_REFERENCE_ALL',
    'ROLE_FACILITY_EDIT',
    'ROLE_USER_REFERENCE',
    'ROLE_HISTORY_EXPORT',
  ],
};

/** The master routes plus the user calls a user screen makes. */
export function userRoutes(overrides: FakeRoutes = {}, user = demoAdmin): FakeRoutes {
  return masterRoutes(
    {
      'GET /api/enums': { data: { ...fakeEnums, groupList: demoGroups, authorityList: demoAuthorities } },
      'GET /api/user/attribute': { data: demoUserTags },
      'GET /api/user': { data: page([adminUser, staffUser]) },
      'GET /api/facility': { data: page([shinjuku, shibuya]) },
      ...overrides,
    },
    user,
  );
}
