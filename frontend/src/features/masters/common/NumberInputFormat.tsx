import { z } from 'zod';
import { normalizeCode } from '@/lib/validation/normalize';
import { maxValueMessage, minValueMessage, requiredMessage, VALIDATION_MESSAGES } from '@/lib/validation/messages';

// The number fields of docs/product/validation.md: typed with digits and commas, stored as integers, shown
// with thousands separators. Plain functions beside the NumberInput component (kept apart so the
// component file exports components only).

/**
 * What a number field holds: the integer typed, null when empty, or the text as typed when it is
 * not a number (kept, so the form can say what is wrong and the user sees what was typed).
 */
export type NumberFieldValue = number | string | null;

/**
 * Reads what the user typed: digits with or without commas ("1,000", "1000", "１，０００") give
 * the integer, an empty field null, anything else (letters, decimals, a number beyond what an
 * integer holds exactly) the text itself. A leading minus is read, so a lower limit can say so.
 */
export function parseNumberText(text: string): NumberFieldValue {
  // Full-width digits, commas and minus signs (a Japanese keyboard) as the server folds them.
  const trimmed = normalizeCode(text);
  if (trimmed === '') return null;
  if (!/^-?[0-9,]*[0-9][0-9,]*$/.test(trimmed)) return text;
  const value = Number(trimmed.replace(/,/g, ''));
  return Number.isSafeInteger(value) ? value : text;
}

/** An integer with thousands separators: 1234567 -> "1,234,567". */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 0 });
}

/** The text a number field shows for its value. */
export function numberFieldText(value: NumberFieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? formatNumber(value) : value;
}

export interface NumberFieldOptions {
  label: string;
  required?: boolean;
  /** Smallest value allowed, inclusive. */
  min?: number;
  /** Largest value allowed, inclusive. */
  max?: number;
}

/**
 * The zod schema of a number field: says '{label}は必須です', '整数で入力してください' or
 * '{label}は{n}以上で入力してください。' / '…以下で入力してください。' like the server, and gives the integer (null when empty
 * and optional).
 */
export function numberField({ label, required = false, min, max }: NumberFieldOptions) {
  return z
    .union([z.number(), z.string(), z.null(), z.undefined()])
    .superRefine((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
        if (required) ctx.addIssue({ code: 'custom', message: requiredMessage(label) });
        return;
      }
      if (typeof value === 'string' || !Number.isSafeInteger(value)) {
        ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.integer });
        return;
      }
      if (min !== undefined && value < min) ctx.addIssue({ code: 'custom', message: minValueMessage(label, min) });
      else if (max !== undefined && value > max) ctx.addIssue({ code: 'custom', message: maxValueMessage(label, max) });
    })
    .transform((value) => (typeof value === 'number' ? value : null));
}
