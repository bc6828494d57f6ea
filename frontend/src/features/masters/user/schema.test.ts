import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '@/lib/validation/messages';
// The cases the Go tests assert too (see src/lib/validation/sharedCases.test.ts).
import casesText from '../../../../../backend/api/validation-cases.json?raw';
import { mayGrant } from './authorities';
import { demoAuthorities } from './testing';
import { userFormSchema, userSearchSchema } from './schema';

const cases = z
  .array(z.object({ rule: z.string(), input: z.string(), message: z.string().nullable() }))
  .parse(JSON.parse(casesText));

const valid = {
  userAccount: 'store101',
  lastName: '鈴木',
  firstName: '一郎',
  password: 'Suzuki#2026',
  mainAuthorityName: 'GROUP_STAFF',
  subAuthorityNameList: [],
  groupId: 5,
  facilityId: 11,
  attributeIdList: [],
  ipAddressRestriction: true,
  mfaType: 'NONE',
  mailAddress: 'suzuki@example.com',
  disabled: false,
};

function messageFor(isNew: boolean, field: string, value: unknown): string | null {
  const result = userFormSchema(isNew).safeParse({ ...valid, [field]: value });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

describe('the store of a user (user.StoreRequired on the server)', () => {
  const groupWithStores = ({ mainAuthorityName }: { mainAuthorityName: string }) => mainAuthorityName === 'GROUP_STAFF';
  const issue = (values: object, required: (v: { mainAuthorityName: string; groupId: number }) => boolean) => {
    const result = userFormSchema(true, required).safeParse({ ...valid, ...values });
    return result.success ? null : (result.error.issues.find((i) => i.path[0] === 'facilityId')?.message ?? null);
  };

  it('is required of group staff whose group has stores, and of nobody else', () => {
    expect(issue({ facilityId: undefined }, groupWithStores)).toBe('所属店舗は必須です');
    expect(issue({ facilityId: null }, groupWithStores)).toBe('所属店舗は必須です');
    expect(issue({ facilityId: 11 }, groupWithStores)).toBeNull();
    expect(issue({ facilityId: undefined, mainAuthorityName: 'ORGANIZATION_ADMIN' }, groupWithStores)).toBeNull();
    expect(issue({ facilityId: undefined }, () => false)).toBeNull(); // a group without stores
  });

  it('sends 0 for no store, and reads 0 as none (required or not, never a message of its own)', () => {
    const parsed = userFormSchema(true).parse({ ...valid, facilityId: undefined });
    expect(parsed.facilityId).toBe(0);
    expect(userFormSchema(true).parse({ ...valid, facilityId: 0 }).facilityId).toBe(0);
    expect(issue({ facilityId: 0 }, () => false)).toBeNull();
    expect(issue({ facilityId: 0 }, groupWithStores)).toBe('所属店舗は必須です');
  });
});

describe('user form schema (docs/product/validation.md, as the server words it)', () => {
  it.each([
    ['userAccount', '', 'ユーザーアカウントは必須です'],
    ['userAccount', 'abcd', 'ユーザーアカウントは5文字以上です。'],
    ['userAccount', 'abcde', null],
    ['userAccount', 'a'.repeat(51), 'ユーザーアカウントは50文字以内です。'],
    ['userAccount', 'すずき一郎です', 'ASCII文字のみを入力してください。'],
    ['lastName', '', '姓は必須です'],
    ['lastName', '山'.repeat(21), '姓は20文字以内です。'],
    ['firstName', ' ', '名は必須です'],
    ['firstName', '一'.repeat(21), '名は20文字以内です。'],
    ['password', '', 'パスワードは必須です'],
    ['password', 'abcdefgh', VALIDATION_MESSAGES.password],
    ['mainAuthorityName', '', '権限は必須です'],
    ['groupId', null, '所属グループは必須です'],
    ['facilityId', undefined, null], // required only when the group has stores: below
    ['mailAddress', '', 'メールアドレスは必須です'],
    ['mailAddress', 'suzuki@', 'メールアドレスの形式で入力してください。'],
    ['mailAddress', `${'a'.repeat(250)}@ex.com`, 'メールアドレスは256文字以内です。'],
  ])('new user: %s = %j: %s', (field, value, message) => {
    expect(messageFor(true, field, value)).toBe(message);
  });

  it('keeps the password on an edit when it is left empty, but checks a new one', () => {
    expect(messageFor(false, 'password', '')).toBeNull();
    expect(messageFor(false, 'password', 'short')).toBe(VALIDATION_MESSAGES.password);
  });

  it.each(cases.filter((c) => c.rule === 'password' && c.input !== ''))('password case %j', (c) => {
    expect(messageFor(true, 'password', c.input)).toBe(c.message);
  });

  it.each(cases.filter((c) => c.rule === 'email' && c.input !== ''))('email case %j', (c) => {
    expect(messageFor(true, 'mailAddress', c.input)).toBe(c.message);
  });

  it('fills the defaults of untouched choices', () => {
    expect(
      userFormSchema(true).parse({ ...valid, subAuthorityNameList: undefined, mfaType: undefined, disabled: undefined }),
    ).toMatchObject({ subAuthorityNameList: [], mfaType: 'NONE', disabled: false });
  });
});

describe('user list search', () => {
  it('defaults to the account order, and falls back per parameter on nonsense', () => {
    const defaults = { searchText: '', page: 1, size: undefined, authorityName: undefined, groupId: undefined, attributeId: undefined, sortBy: 'userAccount', descending: false };
    expect(userSearchSchema.parse({})).toEqual(defaults);
    expect(userSearchSchema.parse({ authorityName: '<script>', sortBy: 'mailAddress', groupId: 'x' })).toEqual(defaults);
    expect(userSearchSchema.parse({ authorityName: 'GROUP_STAFF', sortBy: 'name' })).toMatchObject({
      authorityName: 'GROUP_STAFF',
      sortBy: 'name',
    });
  });
});

describe('authorities one may give', () => {
  const groupAdminRoles = [
    'ROLE_CHECK_REFERENCE',
    'ROLE_SURVEY_RESULT_REFERENCE',
    'ROLE_SURVEY_REFERENCE',
    'ROLE_REPORT_REFERENCE',
    'ROLE_GROUP_REFERENCE_ALL',
    'ROLE_FACILITY_EDIT',
    'ROLE_USER_REFERENCE',
    'ROLE_HISTORY_EXPORT',
  ];
  it.each([
    ['GROUP_ADMIN', true],
    ['GROUP_STAFF', true],
    ['ORGANIZATION_ADMIN', false],
    ['CHECK_ITEM_EDITOR', false],
    ['SURVEY_EDITOR', true],
    ['MASTER_IMPORTER', false],
    ['SOMETHING_NEW', true], // unknown here: left to the server
  ])('a group administrator and %s: %s', (name, expected) => {
    expect(mayGrant(demoAuthorities, name, groupAdminRoles, false)).toBe(expected);
  });

  it('gives the system administrator only in the system organization, and only when holding its role', () => {
    const all = ['ROLE_SYSTEM_ADMIN', ...groupAdminRoles, 'ROLE_CHECK_ITEM_EDIT', 'ROLE_ORGANIZATION_REFERENCE', 'ROLE_MASTER_IMPORT'];
    expect(mayGrant(demoAuthorities, 'SYSTEM_ADMIN', all, true)).toBe(true);
    expect(mayGrant(demoAuthorities, 'SYSTEM_ADMIN', all, false)).toBe(false);
    expect(mayGrant(demoAuthorities, 'SYSTEM_ADMIN', all.slice(1), true)).toBe(false);
  });
});
