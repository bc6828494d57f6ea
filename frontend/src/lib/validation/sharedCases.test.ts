import { describe, expect, it } from 'vitest';
import { z } from 'zod';
// The file the Go tests assert too (backend/internal/domain/validation), read as text so the app's
// TypeScript project needs no JSON module support.
import casesText from '../../../../backend/api/validation-cases.json?raw';
import * as checks from './checks';
import { confirmation, field } from './zod';

const caseSchema = z.object({
  rule: z.enum(['required', 'maxLength', 'minLength', 'password', 'phone', 'email', 'ascii', 'confirm', 'clockTime']),
  label: z.string().default(''),
  n: z.number().int().default(0),
  other: z.string().default(''),
  input: z.string(),
  message: z.string().nullable(),
});
type SharedCase = z.infer<typeof caseSchema>;

const cases = z.array(caseSchema).parse(JSON.parse(casesText));

function checkFor(c: SharedCase): checks.Check {
  switch (c.rule) {
    case 'required':
      return checks.required(c.label);
    case 'maxLength':
      return checks.maxLength(c.label, c.n);
    case 'minLength':
      return checks.minLength(c.label, c.n);
    case 'password':
      return checks.password;
    case 'phone':
      return checks.phone;
    case 'email':
      return checks.email;
    case 'ascii':
      return checks.ascii;
    case 'confirm':
      return checks.confirms(c.other);
    case 'clockTime':
      return checks.clockTime;
  }
}

/** The message the zod schema of a form reports for this case, or null when it passes. */
function zodMessage(c: SharedCase): string | null {
  const result =
    c.rule === 'confirm'
      ? z
          .object({ password: z.string(), confirmPassword: z.string() })
          .superRefine(confirmation('password', 'confirmPassword'))
          .safeParse({ password: c.other, confirmPassword: c.input })
      : field(checkFor(c)).safeParse(c.input);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('shared validation cases (backend/api/validation-cases.json)', () => {
  it('has cases for every rule', () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(caseSchema.shape.rule.options));
  });

  it.each(cases.map((c) => [`${c.rule} ${JSON.stringify(c.input)}`, c] as const))('%s', (_name, c) => {
    expect(checkFor(c)(c.input)).toBe(c.message);
    expect(zodMessage(c)).toBe(c.message);
  });
});
