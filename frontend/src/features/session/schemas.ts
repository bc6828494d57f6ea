import { z } from 'zod';
import * as checks from '@/lib/validation/checks';
import { confirmation, textField } from '@/lib/validation/zod';

// The password change form, with docs/product/validation.md's rules and messages (the sign-in
// form's fields are in loginFields.ts).

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

