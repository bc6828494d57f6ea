import { z } from 'zod';
import { requiredMessage } from '@/lib/validation/messages';
import { ascii, email, password } from '@/lib/validation/checks';
import { textField } from '@/lib/validation/zod';
import { flag, idList, requiredId, tagSchema } from '../common/validation';
export * from './search';

/** docs/product/masters.md: a new user's main authority. */
export const DEFAULT_MAIN_AUTHORITY = 'GROUP_STAFF';

export const MFA_TYPES = ['NONE', 'MAIL'] as const;

/**
 * The user form (docs/product/validation.md, the server's user.Input.Validate word for word). A new user
 * needs a password; on an edit an empty one keeps the current password. `version` is the one
 * read for an update (absent for a new user).
 */
export function userFormSchema(isNew: boolean, storeRequired: (values: { mainAuthorityName: string; groupId: number }) => boolean = () => false) {
  return z
    .object({
    userAccount: textField({ label: 'ユーザーアカウント', required: true, min: 5, max: 50, format: ascii, normalize: 'code' }),
    lastName: textField({ label: '姓', required: true, max: 20 }),
    firstName: textField({ label: '名', required: true, max: 20 }),
    password: textField({ label: 'パスワード', required: isNew, format: password }),
    mainAuthorityName: textField({ label: '権限', required: true }),
    subAuthorityNameList: z
      .array(z.string())
      .nullish()
      .transform((value) => value ?? []),
    groupId: requiredId('所属グループ'),
    // Required only for group staff whose group has stores (the server's user.StoreRequired): the
    // people who answer checks. Head office and groups without stores may have none: empty, null
    // or 0 all mean none and are sent as 0.
    facilityId: z
      .number()
      .int()
      .nonnegative()
      .nullish()
      .transform((value) => value ?? 0),
    attributeIdList: idList,
    ipAddressRestriction: flag,
    mfaType: z
      .enum(MFA_TYPES)
      .nullish()
      .transform((value) => value ?? 'NONE'),
    mailAddress: textField({ label: 'メールアドレス', required: true, max: 256, format: email, normalize: 'code' }),
    disabled: flag,
    version: z.number().int().optional(),
  })
    .superRefine((values, ctx) => {
      if (values.facilityId === 0 && storeRequired(values)) {
        ctx.addIssue({ code: 'custom', message: requiredMessage('所属店舗'), path: ['facilityId'] });
      }
    });
}

export type UserFormSchema = ReturnType<typeof userFormSchema>;
export type UserFormValues = z.input<UserFormSchema>;

/** The user tag form (inline add and rename); the server's tag.Input. */
export const userAttributeSchema = tagSchema;
