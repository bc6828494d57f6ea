import type { CheckAnswer, CheckSheet, SheetItem } from './api';

// The answering screen's state as plain data: what the user has entered per item, what goes to
// the server, and how the server's refusal names the items. No React here, so it is tested alone.

/** One item as the user has answered it so far on this screen. */
export interface ItemDraft {
  /** A label of the item's choices; '' while unanswered. */
  choice: string;
  comment: string;
  inapplicable: boolean;
  photoIds: number[];
}

/** The drafts of a sheet by item id. */
export type Drafts = Readonly<Record<number, ItemDraft>>;

/** Most photos one item may carry (the server's MaxPhotosPerItem). */
export const MAX_PHOTOS_PER_ITEM = 5;
/** Largest photo the server takes (the server's photo.MaxBytes). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Longest comment (the server's MaxComment; CheckAnswer.comment maxLength). */
export const MAX_COMMENT = 1000;

export const EMPTY_DRAFT: ItemDraft = { choice: '', comment: '', inapplicable: false, photoIds: [] };

/** Every item of the sheet, categories flattened, in order. */
export function itemsOf(sheet: CheckSheet): SheetItem[] {
  return sheet.categoryList.flatMap((category) => category.itemList);
}

/** The drafts as the server has them saved (an item without an answer starts empty). */
export function draftsOf(sheet: CheckSheet): Record<number, ItemDraft> {
  const drafts: Record<number, ItemDraft> = {};
  for (const item of itemsOf(sheet)) {
    const answer = item.answer;
    drafts[item.itemId] = answer
      ? {
          choice: answer.choice,
          comment: answer.comment,
          inapplicable: answer.inapplicable,
          photoIds: [...answer.photoIdList],
        }
      : EMPTY_DRAFT;
  }
  return drafts;
}

/** An item counts as answered when a choice is made or it is marked inapplicable (docs/product/constants.md). */
export function isAnswered(draft: ItemDraft | undefined): boolean {
  return draft !== undefined && (draft.inapplicable || draft.choice !== '');
}

/**
 * The server's words for a sheet that cannot be submitted yet (domain/checklist/answer.go), held to
 * its source by sheetState.test.ts.
 */
export const INCOMPLETE = {
  sheet: '未回答の項目があります。すべての項目に回答してから提出してください。',
  unanswered: '未回答です。',
  photoMissing: '写真が必要です。',
} as const;

/**
 * What submitting `drafts` would be refused for, item by item in the sheet's order, as the server
 * checks it (checklist's ValidateAnswers): unanswered, or answered without its required photo. Empty
 * when the sheet may be submitted; the server still checks.
 */
export function incompleteItems(sheet: CheckSheet, drafts: Drafts): [itemId: number, message: string][] {
  const out: [number, string][] = [];
  for (const item of itemsOf(sheet)) {
    const message = incompleteMessage(item, drafts[item.itemId]);
    if (message !== undefined) out.push([item.itemId, message]);
  }
  return out;
}

/** What submitting would be refused for at one item, or undefined when it is complete. */
function incompleteMessage(item: SheetItem, draft: ItemDraft | undefined): string | undefined {
  if (!draft || !isAnswered(draft)) return INCOMPLETE.unanswered;
  if (item.photoRequired && !draft.inapplicable && draft.photoIds.length === 0) return INCOMPLETE.photoMissing;
  return undefined;
}

/** How many items of the sheet are answered in `drafts`. */
export function answeredCount(sheet: CheckSheet, drafts: Drafts): number {
  return itemsOf(sheet).filter((item) => isAnswered(drafts[item.itemId])).length;
}

function isEmpty(draft: ItemDraft): boolean {
  return !draft.inapplicable && draft.choice === '' && draft.comment === '' && draft.photoIds.length === 0;
}

/**
 * The date the check was done: the one saved with the answers, else today, kept inside the
 * period (a late answer on the last day's sheet is dated that day).
 */
export function initialInputDate(sheet: CheckSheet, today: string): string {
  const saved = itemsOf(sheet)
    .map((item) => item.answer?.inputDate)
    .find((date): date is string => typeof date === 'string' && date !== '');
  if (saved) return saved;
  if (today < sheet.fromDate) return sheet.fromDate;
  if (today > sheet.toDate) return sheet.toDate;
  return today;
}

/**
 * The `answerList` of a save: every item that has something entered, and every item that had a
 * saved answer (so clearing one is saved too). Each carries the sheet's input date.
 */
export function answerList(sheet: CheckSheet, drafts: Drafts, inputDate: string): CheckAnswer[] {
  const list: CheckAnswer[] = [];
  for (const item of itemsOf(sheet)) {
    const draft = drafts[item.itemId] ?? EMPTY_DRAFT;
    if (isEmpty(draft) && !item.answer) continue;
    list.push({
      itemId: item.itemId,
      choice: draft.inapplicable ? '' : draft.choice,
      comment: draft.comment,
      inapplicable: draft.inapplicable,
      photoIdList: [...draft.photoIds],
      inputDate,
    });
  }
  return list;
}

/**
 * The server names a refused item as `item<id>` in `data.fieldErrors` (unanswered, photo
 * missing, choice not allowed …). Returns the messages by item id, and those of other keys.
 */
export function itemErrorsOf(fieldErrors: Readonly<Record<string, string>> | undefined): {
  items: Record<number, string>;
  rest: string[];
} {
  const items: Record<number, string> = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    const match = /^item(\d+)$/.exec(key);
    if (match?.[1]) items[Number(match[1])] = message;
    else rest.push(message);
  }
  return { items, rest };
}

/** Whether today (Tokyo date) lies in the sheet's period: only then may it be saved. */
export function periodRunning(sheet: Pick<CheckSheet, 'fromDate' | 'toDate'>, today: string): boolean {
  return sheet.fromDate <= today && today <= sheet.toDate;
}

/** The thumbnail or the photo itself, with the organization the request acts in (docs/product/errors.md). */
export function photoUrl(photoId: number, organizationId: number | null, thumbnail: boolean): string {
  const path = `/api/photo/${photoId}${thumbnail ? '/thumbnail' : ''}`;
  return organizationId === null ? path : `${path}?ORG_ID=${organizationId}`;
}
