// Fixtures of the user screens' component tests (not part of the app).
import { demoAdmin, fakeEnums, type FakeRoutes } from '@/test/fakeServer';
import { demoGroups, masterRoutes, page, shibuya, shinjuku } from '../testing';
import type { Authority, User, UserAttribute } from './types';

// What each authority grants, as backend/internal/domain/access/roles.go says.
const ALL_BUT_SYSTEM = [
  'ROLE_CHECK_REFERENCE',
  'ROLE_SURVEY_RESULT_REFERENCE',
  'ROLE_CHECK_ITEM_EDIT',
  'ROLE_SURVEY_REFERENCE',
  'ROLE_REPORT_REFERENCE',
  'ROLE_ORGANIZATION_REFERENCE',
  'ROLE_GROUP_REFERENCE_ALL',
  'ROLE_FACILITY_EDIT',
  'ROLE_USER_REFERENCE',
  'ROLE_HISTORY_EXPORT',
  'ROLE_MASTER_IMPORT',
];
const GROUP_ADMIN_ROLES = [
  'ROLE_CHECK_REFERENCE',
  'ROLE_SURVEY_RESULT_REFERENCE',
  'ROLE_SURVEY_REFERENCE',
  'ROLE_REPORT_REFERENCE',
  'ROLE_GROUP_REFERENCE_ALL',
  'ROLE_FACILITY_EDIT',
  'ROLE_USER_REFERENCE',
  'ROLE_HISTORY_EXPORT',
];

/** The server's authority list (GET /api/enums), as access.Authorities names and grants them. */
export const demoAuthorities: Authority[] = [
  { name: 'SYSTEM_ADMIN', label: 'システム管理者', main: true,
    roleList: ['ROLE_SYSTEM_ADMIN', ...ALL_BUT_SYSTEM],
  },
  { name: 'ORGANIZATION_ADMIN', label: '組織管理者', main: true,
    roleList: ALL_BUT_SYSTEM,
  },
  { name: 'GROUP_ADMIN', label: 'グループ管理者', main: true,
    roleList: GROUP_ADMIN_ROLES,
  },
  { name: 'GROUP_STAFF', label: 'グループスタッフ', main: true,
    roleList: ['ROLE_CHECK_REFERENCE', 'ROLE_SURVEY_RESULT_REFERENCE', 'ROLE_REPORT_REFERENCE'],
  },
  { name: 'CHECK_ITEM_EDITOR', label: 'チェック項目編集', main: false,
    roleList: ['ROLE_CHECK_ITEM_EDIT'],
  },
  { name: 'SURVEY_EDITOR', label: 'アンケート編集', main: false,
    roleList: ['ROLE_SURVEY_REFERENCE'],
  },
  { name: 'HISTORY_EXPORTER', label: '履歴エクスポート', main: false,
    roleList: ['ROLE_HISTORY_EXPORT'],
  },
  { name: 'MASTER_IMPORTER', label: 'マスタ一括登録', main: false,
    roleList: ['ROLE_MASTER_IMPORT'],
  },
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
