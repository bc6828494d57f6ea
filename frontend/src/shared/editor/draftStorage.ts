import { draftKey, draftKeys, type DraftOwner } from '@/lib/session/editorDrafts';

// docs/product/shell.md#shell-behaviour: a kept edit draft in this tab's sessionStorage, under its
// owner and form (lib/session/editorDrafts.ts: the keys, and their removal on logout and sign-in).

/** How long a kept draft is offered back; an older one is dropped unread. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A kept draft as stored. */
export interface StoredDraft {
  /** When it was kept (ms since the epoch). */
  savedAt: number;
  /** The form's values, encoded (draftValues.ts). */
  values: unknown;
  /** Names of typed fields that were not kept (passwords, images): the notice asks to enter them again. */
  leftOut: string[];
}

function parse(text: string | null): StoredDraft | null {
  if (text === null) return null;
  try {
    const draft = JSON.parse(text) as Partial<StoredDraft> | null;
    if (typeof draft?.savedAt !== 'number' || !Array.isArray(draft.leftOut)) return null;
    return { savedAt: draft.savedAt, values: draft.values, leftOut: draft.leftOut.filter((name) => typeof name === 'string') };
  } catch {
    return null;
  }
}

/** Past its day, or from the future (a clock put back). */
const expired = (draft: StoredDraft, now: number) => now - draft.savedAt > DRAFT_MAX_AGE_MS || draft.savedAt > now + 60_000;

/** Drops every draft past DRAFT_MAX_AGE_MS (or unreadable). */
function dropExpired(now: number): void {
  for (const key of draftKeys()) {
    const draft = parse(sessionStorage.getItem(key));
    if (!draft || expired(draft, now)) sessionStorage.removeItem(key);
  }
}

/**
 * Keeps what `owner` typed into the form `scope`. False when the browser would not store it (storage
 * full or off): then the typed values are lost as before, and nothing half-written stays.
 */
export function keepDraft(owner: DraftOwner, scope: string, draft: Omit<StoredDraft, 'savedAt'>, now = Date.now()): boolean {
  const key = draftKey(owner, scope);
  try {
    dropExpired(now);
    sessionStorage.setItem(key, JSON.stringify({ savedAt: now, values: draft.values, leftOut: draft.leftOut }));
    return true;
  } catch {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // storage unavailable: nothing was kept
    }
    return false;
  }
}

/** The draft `owner` left in the form `scope`, unless there is none or it is too old (then it is dropped). */
export function readDraft(owner: DraftOwner, scope: string, now = Date.now()): StoredDraft | null {
  try {
    dropExpired(now);
    return parse(sessionStorage.getItem(draftKey(owner, scope)));
  } catch {
    return null;
  }
}

/** Forgets the draft of one form (restored, saved, deleted or discarded). */
export function dropDraft(owner: DraftOwner, scope: string): void {
  try {
    sessionStorage.removeItem(draftKey(owner, scope));
  } catch {
    // storage unavailable: there is nothing to forget
  }
}
