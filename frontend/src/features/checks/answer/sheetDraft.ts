import type { CheckSheet } from './api';
import { draftsOf, itemsOf, MAX_COMMENT, MAX_PHOTOS_PER_ITEM, type Drafts, type ItemDraft } from './sheetState';

// docs/checks.md (the store's answering page): what of a sheet's unsaved answers is kept when the
// session expires, as plain JSON in the edit forms' draft storage (shared/editor/draftStorage.ts),
// and how it goes back over the sheet as the server has it after signing in again. Only what the user
// changed since the sheet was read is kept — per item its choice, comment, inapplicable flag and the
// ids of photos already uploaded (never a file), and the 実施日 — so items the user did not touch
// come back as the server has them then.

/** A kept sheet as stored (the `values` of a StoredDraft). */
export interface KeptSheet {
  /** The 実施日, when it was changed. */
  inputDate?: string;
  /** The changed items, by item id. */
  items: Record<string, ItemDraft>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const sameDraft = (a: ItemDraft, b: ItemDraft) =>
  a.choice === b.choice &&
  a.comment === b.comment &&
  a.inapplicable === b.inapplicable &&
  a.photoIds.length === b.photoIds.length &&
  a.photoIds.every((id, index) => id === b.photoIds[index]);

/**
 * What of `drafts` and `inputDate` differs from the sheet as read (its saved answers, and
 * `initialDate`, the date it opened with); null when nothing does.
 */
export function keptSheet(sheet: CheckSheet, drafts: Drafts, inputDate: string, initialDate: string): KeptSheet | null {
  const saved = draftsOf(sheet);
  const items: Record<string, ItemDraft> = {};
  for (const item of itemsOf(sheet)) {
    const draft = drafts[item.itemId];
    const before = saved[item.itemId];
    if (draft && before && !sameDraft(draft, before)) {
      items[String(item.itemId)] = { ...draft, photoIds: [...draft.photoIds] };
    }
  }
  const dateChanged = inputDate !== initialDate;
  if (Object.keys(items).length === 0 && !dateChanged) return null;
  return dateChanged ? { inputDate, items } : { items };
}

/** One kept item as the screen takes it, or null when it is not one. */
function itemDraftOf(value: unknown): ItemDraft | null {
  if (value === null || typeof value !== 'object') return null;
  const { choice, comment, inapplicable, photoIds } = value as Partial<Record<keyof ItemDraft, unknown>>;
  if (typeof choice !== 'string' || typeof comment !== 'string' || typeof inapplicable !== 'boolean') return null;
  if (!Array.isArray(photoIds) || !photoIds.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) return null;
  return {
    choice: inapplicable ? '' : choice,
    comment: comment.slice(0, MAX_COMMENT),
    inapplicable,
    photoIds: (photoIds as number[]).slice(0, MAX_PHOTOS_PER_ITEM),
  };
}

/**
 * A kept sheet put back over `sheet` as read now: the kept items over the server's answers (items no
 * longer on the sheet are let go, as is a choice its scale no longer has, or an inapplicable flag its
 * item no longer allows), and the kept date when it is still in the period and not after `today`.
 * Null when nothing readable is left.
 */
export function restoredSheet(
  sheet: CheckSheet,
  stored: unknown,
  today: string,
): { drafts: Record<number, ItemDraft>; inputDate: string | null } | null {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const { inputDate, items } = stored as { inputDate?: unknown; items?: unknown };
  const drafts = draftsOf(sheet);
  let restored = 0;
  if (items !== null && typeof items === 'object' && !Array.isArray(items)) {
    const kept = items as Record<string, unknown>;
    for (const item of itemsOf(sheet)) {
      const draft = itemDraftOf(kept[String(item.itemId)]);
      if (!draft) continue;
      const labels = [...item.choiceList, ...(item.answeredAs?.choiceList ?? [])].map((choice) => choice.label);
      if (draft.choice !== '' && !labels.includes(draft.choice)) continue;
      if (draft.inapplicable && !item.inapplicableAllowed) continue;
      drafts[item.itemId] = draft;
      restored += 1;
    }
  }
  const date =
    typeof inputDate === 'string' && DATE.test(inputDate) && inputDate >= sheet.fromDate && inputDate <= sheet.toDate && inputDate <= today
      ? inputDate
      : null;
  if (restored === 0 && date === null) return null;
  return { drafts, inputDate: date };
}
