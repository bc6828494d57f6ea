import { z } from 'zod';
import { ascii } from '@/lib/validation/checks';
import { textField } from '@/lib/validation/zod';
import { idParam, pagedListSearch } from '@/shared/list/listSearch';
import { optionalId } from '../common/validation';

/** The search state of /group/ (URL query). */
export const groupSearchSchema = z.object(pagedListSearch);
export type GroupSearch = z.output<typeof groupSearchSchema>;
/** /group/add?parentGroupId=4: the parent chosen beforehand. */
export const groupAddSearchSchema = z.object({ parentGroupId: idParam });

export const GROUP_SEARCH_DEFAULTS = { searchText: '', page: 1 } as const satisfies Partial<GroupSearch>;

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
