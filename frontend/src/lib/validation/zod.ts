import { z } from 'zod';
import type { Check } from './checks';
import * as checks from './checks';
import { firstMessage, textFieldRules, type TextFieldOptions } from './textField';

// zod schemas built from the checks, so a form's schema reports the exact docs/product/validation.md texts.
// Form values arrive as `undefined` for an untouched antd field; they count as ''.

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** A string field applying `rules` in order; only the first failure is reported. */
export function field(...rules: Check[]) {
  return foldedField((value) => value, rules);
}

/** A string field folded by `fold` (the parsed value is the folded one), then checked by `rules`. */
function foldedField(fold: (value: string) => string, rules: Check[]) {
  return text.transform(fold).superRefine((value, ctx) => {
    const message = firstMessage(rules, value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

export type { TextFieldOptions };

/** The common shape (textField.ts): normalized?, required?, min/max length, then a format. */
export function textField(options: TextFieldOptions) {
  const { fold, rules } = textFieldRules(options);
  return foldedField(fold, rules);
}

/**
 * An object refinement: `confirmKey` must equal `key` (new password and its confirmation). The
 * issue lands on `confirmKey`.
 */
export function confirmation<K extends string, C extends string>(key: K, confirmKey: C) {
  return (values: Record<K | C, string>, ctx: z.RefinementCtx) => {
    const message = checks.confirms(values[key])(values[confirmKey]);
    if (message !== null) ctx.addIssue({ code: 'custom', message, path: [confirmKey] });
  };
}

/** Field name -> first message, from a failed parse (what a form shows under each field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
