import type { LoginRequest } from '@/lib/api/types';
import * as checks from '@/lib/validation/checks';
import { textFieldRules, textOf, type TextFieldOptions } from '@/lib/validation/textField';
import type { UniqueRange } from './api';

// The sign-in form's fields, with docs/product/validation.md's rules and messages: organization id
// numeric (not in SYSTEM mode); account and password required. Plain rules, not a zod schema: the
// sign-in screen is the first a visitor loads (lib/validation/textField.ts).

export const LOGIN_FIELDS = {
  organizationId: { label: '組織ID', required: true, format: checks.integer, normalize: 'code' },
  userAccount: { label: 'アカウント', required: true, normalize: 'code' },
  password: { label: 'パスワード', required: true },
} as const satisfies Record<string, TextFieldOptions>;

/** What the form sends, folded as the checks saw it, from the form's validated values. */
export function loginRequest(values: Record<string, unknown>, uniqueRange: UniqueRange): LoginRequest {
  const read = (name: keyof typeof LOGIN_FIELDS) => textFieldRules(LOGIN_FIELDS[name]).fold(textOf(values[name]));
  const credentials = { userAccount: read('userAccount'), password: read('password') };
  return uniqueRange === 'SYSTEM' ? credentials : { organizationId: Number(read('organizationId')), ...credentials };
}
