import type { Check } from './checks';
import * as checks from './checks';
import { NORMALIZE, type Normalization } from './normalize';

// A text field's rules of docs/product/validation.md without zod: the form schemas (zod.ts) are built
// from these, and the sign-in form uses them as they are, so the first screen loads no zod.

export interface TextFieldOptions {
  label: string;
  required?: boolean;
  min?: number;
  max?: number;
  format?: Check;
  /** Fold what the input method typed (normalize.ts) before the checks, as the server does. */
  normalize?: Normalization;
}

export interface TextFieldRules {
  /** What the field sends: the typed text folded. */
  fold: (value: string) => string;
  /** Applied in order to the folded text; only the first failure is reported. */
  rules: Check[];
}

/** The common shape: normalized?, required?, min/max length, then a format. */
export function textFieldRules({ label, required, min, max, format, normalize }: TextFieldOptions): TextFieldRules {
  const rules: Check[] = [];
  if (required) rules.push(checks.required(label));
  if (min !== undefined) rules.push(checks.minLength(label, min));
  if (max !== undefined) rules.push(checks.maxLength(label, max));
  if (format) rules.push(format);
  return { fold: normalize ? NORMALIZE[normalize] : (value) => value, rules };
}

/** A form value as text: an untouched antd field is `undefined`, which counts as ''. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The first message `rules` give for `value`, or null. */
export function firstMessage(rules: readonly Check[], value: string): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message !== null) return message;
  }
  return null;
}
