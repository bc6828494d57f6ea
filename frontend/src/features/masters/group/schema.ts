import { z } from 'zod';
import { ascii } from '@/lib/validation/checks';
import { textField } from '@/lib/validation/zod';
import { optionalId } from '../common/validation';
export * from './search';

/**
 * The group form (docs/product/validation.md, the server's group.Input.Validate word for word): no parent
 * means a top group; `version` is the one read for an update.
 */
export const groupFormSchema = z.object({
  parentGroupId: optionalId,
  groupName: textField({ label: 'グループ名', required: true, max: 50 }),
  groupNameKana: textField({ label: 'グループ名カナ', max: 50, normalize: 'kana' }),
  jkCode: textField({ label: 'JKコード', max: 16, format: ascii, normalize: 'code' }),
  version: z.number().int().optional(),
});
export type GroupFormValues = z.input<typeof groupFormSchema>;
