import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { idParam, pageParam, sizeParam } from '@/shared/list/listSearch';
import type { MasterCount, MasterImportStatus, MasterOp, MasterSet } from './types';

/** docs/product/masters.md: the sheets in the workbook's order, with their names. */
export const MASTER_SETS = [
  'FACILITY_TAGS',
  'USER_TAGS',
  'GROUPS',
  'FACILITIES',
  'USERS',
  'CHECK_LISTS',
  'CHECK_ITEMS',
  'SURVEYS',
] as const satisfies readonly MasterSet[];
export const MASTER_SET_LABELS: Record<MasterSet, string> = {
  FACILITY_TAGS: '店舗タグ',
  USER_TAGS: 'ユーザータグ',
  GROUPS: 'グループ',
  FACILITIES: '店舗',
  USERS: 'ユーザー',
  CHECK_LISTS: 'チェックリスト',
  CHECK_ITEMS: 'チェック項目',
  SURVEYS: 'アンケート',
};

/** The sheets whose left-out rows may be deleted (a check list's items go with the list's own row). */
export const DELETABLE_SETS = MASTER_SETS.filter((s) => s !== 'CHECK_ITEMS');

export const MASTER_OPS = ['CREATE', 'UPDATE', 'DELETE', 'UNCHANGED', 'ERROR'] as const satisfies readonly MasterOp[];
export const MASTER_OP_LABELS: Record<MasterOp, { label: string; color: string }> = {
  CREATE: { label: '登録', color: 'green' },
  UPDATE: { label: '更新', color: 'blue' },
  DELETE: { label: '削除', color: 'volcano' },
  UNCHANGED: { label: '変更なし', color: 'default' },
  ERROR: { label: 'エラー', color: 'error' },
};

export const IMPORT_STATUS: Record<MasterImportStatus, { label: string; color: string }> = {
  PREVIEWING: { label: 'プレビュー作成中', color: 'processing' },
  PREVIEWED: { label: 'プレビュー済み', color: 'blue' },
  APPLYING: { label: '反映中', color: 'processing' },
  APPLIED: { label: '反映済み', color: 'success' },
  FAILED: { label: '失敗', color: 'error' },
};

/** The count of one operation in a set's counts. */
export function countOf(c: MasterCount, op: MasterOp): number {
  return { CREATE: c.create, UPDATE: c.update, DELETE: c.delete, UNCHANGED: c.unchanged, ERROR: c.error }[op];
}

/** Totals over every set. */
export function totals(counts: MasterCount[]): Record<MasterOp, number> {
  const out = { CREATE: 0, UPDATE: 0, DELETE: 0, UNCHANGED: 0, ERROR: 0 };
  for (const c of counts) for (const op of MASTER_OPS) out[op] += countOf(c, op);
  return out;
}

/** The search state of /master/: the page of past imports and the import on show. */
export const masterSearchSchema = searchSchema({
  importId: (raw) => idParam(Number(raw)),
  page: pageParam,
  size: sizeParam,
});
export type MasterSearch = SearchOutput<typeof masterSearchSchema>;
export const MASTER_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<MasterSearch>;
