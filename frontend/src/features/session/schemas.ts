import { z } from 'zod';
import * as checks from '@/lib/validation/checks';
import { confirmation, textField } from '@/lib/validation/zod';
import type { UniqueRange } from './api';

// The forms of the session feature, with docs/product/validation.md's rules and messages.

export const LOGIN_LABELS = { organizationId: '組織ID', userAccount: 'アカウント', password: 'パスワード' } as const;

/** docs/product/validation.md: organization id numeric (not in SYSTEM mode); account and password required. */
export function loginSchema(uniqueRange: UniqueRange) {
  const credentials = {
    userAccount: textField({ label: LOGIN_LABELS.userAccount, required: true, normalize: 'code' }),
    password: textField({ label: LOGIN_LABELS.password, required: true }),
  };
  if (uniqueRange === 'SYSTEM') {
    return z.object(credentials).transform((values) => ({ ...values, organizationId: undefined }));
  }
  return z.object({
    organizationId: textField({
      label: LOGIN_LABELS.organizationId,
      required: true,
      format: checks.integer,
      normalize: 'code',
    }).transform(
      Number,
    ),
    ...credentials,
  });
}

export const PASSWORD_LABELS = {
  currentPassword: '現在のパスワード',
  password: '新しいパスワード',
  confirmPassword: '新しいパスワード（確認）',
} as const;

/** docs/product/validation.md: current password required; new and confirmation required, password format, equal. */
export const passwordChangeSchema = z
  .object({
    currentPassword: textField({ label: PASSWORD_LABELS.currentPassword, required: true }),
    password: textField({ label: PASSWORD_LABELS.password, required: true, format: checks.password }),
    confirmPassword: textField({ label: PASSWORD_LABELS.confirmPassword, required: true, format: checks.password }),
  })
  .superRefine(confirmation('password', 'confirmPassword'));

