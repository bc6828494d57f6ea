import { z } from 'zod';
import { ascii, email, password } from '@/lib/validation/checks';
import { textField } from '@/lib/validation/zod';
import { descendingParam, idParam, pagedListSearch, sortParam } from '../common/listSearch';
import { flag, idList, requiredId, tagSchema } from '../common/validation';

/** Sort keys of the user list (the server's `sortBy`); the server's default is the account. */
export const USER_SORT_KEYS = ['userAccount', 'name', 'groupName'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/**
 * An authority name filter. SPEC section 2 keeps `authorityName` as text in the URL (the app's
 * parseSearch hands it over as the string it is).
 */
const authorityNameParam = z
  .string()
  .regex(/^[A-Z_]{1,50}$/)
  .optional()
  .catch(undefined);

/** The search state of /user/ (URL query). */
export const userSearchSchema = z.object({
  ...pagedListSearch,
  authorityName: authorityNameParam,
  groupId: idParam,
  attributeId: idParam,
  sortBy: sortParam(USER_SORT_KEYS, 'userAccount'),
  descending: descendingParam,
});
export type UserSearch = z.output<typeof userSearchSchema>;

export const USER_SEARCH_DEFAULTS = {
  searchText: '',
  page: 1,
  sortBy: 'userAccount',
  descending: false,
} as const satisfies Partial<UserSearch>;

/** SPEC section 3: a new user's main authority. */
export const DEFAULT_MAIN_AUTHORITY = 'GROUP_STAFF';

export const MFA_TYPES = ['NONE', 'MAIL'] as const;

/**
 * The user form (SPEC section 5, the server's user.Input.Validate word for word). A new user
 * needs a password; on an edit an empty one keeps the current password. `version` is the one
 * read for an update (absent for a new user).
 */
export function userFormSchema(isNew: boolean) {
  return z.object({
    userAccount: textField({ label: 'ユーザーアカウント', required: true, min: 5, max: 50, format: ascii }),
    lastName: textField({ label: '姓', required: true, max: 20 }),
    firstName: textField({ label: '名', required: true, max: 20 }),
    password: textField({ label: 'パスワード', required: isNew, format: password }),
    mainAuthorityName: textField({ label: '権限', required: true }),
    subAuthorityNameList: z
      .array(z.string())
      .nullish()
      .transform((value) => value ?? []),
    groupId: requiredId('所属グループ'),
    facilityId: requiredId('所属店舗'),
    attributeIdList: idList,
    ipAddressRestriction: flag,
    mfaType: z
      .enum(MFA_TYPES)
      .nullish()
      .transform((value) => value ?? 'NONE'),
    mailAddress: textField({ label: 'メールアドレス', required: true, max: 256, format: email }),
    disabled: flag,
    version: z.number().int().optional(),
  });
}

export type UserFormSchema = ReturnType<typeof userFormSchema>;
export type UserFormValues = z.input<UserFormSchema>;

/** The user tag form (inline add and rename); the server's tag.Input. */
export const userAttributeSchema = tagSchema;
