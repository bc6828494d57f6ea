import { z } from 'zod';
import { textField } from '@/lib/validation/zod';
import { requiredMessage } from '@/lib/validation/messages';

// Form-schema pieces beyond the shell's text fields (src/lib/validation): choices by id.

/**
 * A required choice by id (a group, a store): antd leaves an untouched select `undefined`, and
 * a cleared one `null`. Says '{label}は必須です' like the server.
 */
export function requiredId(label: string) {
  return z
    .number()
    .int()
    .positive()
    .nullish()
    .superRefine((value, ctx) => {
      if (value === null || value === undefined) ctx.addIssue({ code: 'custom', message: requiredMessage(label) });
    })
    .transform((value) => value ?? 0);
}

/** An optional choice by id; null when none is chosen (a top group's parent). */
export const optionalId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((value) => value ?? null);

/** Ids of a multi-select. */
export const idList = z
  .array(z.number().int().positive())
  .nullish()
  .transform((value) => value ?? []);

/** A switch; untouched counts as off. */
export const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/** A store or user tag: its name, as the server checks it. */
export const tagSchema = z.object({
  label: textField({ label: 'タグ名', required: true, max: 50 }),
});
