import { SESSION_STORAGE_PREFIX } from '@/lib/storage/sessionStorage';

// docs/product/shell.md#shell-behaviour: what a user had typed into an edit form when the session
// expired, kept in this tab (sessionStorage) until the same user, signed in again, opens the same
// form. Each draft belongs to one signed-in user of one organization and one form (the "scope": the
// organization acted in, the editor and the record); nobody else is offered it. Plain storage, no UI:
// the sign-in screen's chunk clears drafts on logout and sign-in, so this module stays small.

/** How long a kept draft is offered back; an older one is dropped unread. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The storage keys of drafts: rouder_draft:<user's organization>.<user>:<scope>. */
const DRAFT_PREFIX = `${SESSION_STORAGE_PREFIX}draft:`;

/** Who typed a draft: the signed-in user, by its own organization and id. */
export interface DraftOwner {
  organizationId: number;
  userId: number;
}

/** A kept draft as stored. */
export interface StoredDraft {
  /** When it was kept (ms since the epoch). */
  savedAt: number;
  /** The form's values, encoded by the editor (shared/editor/draftValues.ts). */
  values: unknown;
  /** Names of typed fields that were not kept (passwords, images): the notice asks to enter them again. */
  leftOut: string[];
}

const ownerPart = (owner: DraftOwner) => `${owner.organizationId}.${owner.userId}`;
const keyOf = (owner: DraftOwner, scope: string) => `${DRAFT_PREFIX}${ownerPart(owner)}:${scope}`;

function draftKeys(): string[] {
  const keys: string[] = [];
  for (let index = 0; index < sessionStorage.length; index += 1) {
    const key = sessionStorage.key(index);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  return keys;
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
export function keepDraft(
  owner: DraftOwner,
  scope: string,
  draft: Omit<StoredDraft, 'savedAt'>,
  now = Date.now(),
): boolean {
  const key = keyOf(owner, scope);
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
    return parse(sessionStorage.getItem(keyOf(owner, scope)));
  } catch {
    return null;
  }
}

/** Forgets the draft of one form (restored, saved, deleted or discarded). */
export function dropDraft(owner: DraftOwner, scope: string): void {
  try {
    sessionStorage.removeItem(keyOf(owner, scope));
  } catch {
    // storage unavailable: there is nothing to forget
  }
}

/**
 * Forgets drafts: all of them (logout), or all but `keep`'s (a sign-in: another user's or
 * organization's typing must not stay in this tab with someone else signed in).
 */
export function dropDrafts(keep?: DraftOwner): void {
  try {
    const kept = keep ? `${DRAFT_PREFIX}${ownerPart(keep)}:` : null;
    for (const key of draftKeys()) if (kept === null || !key.startsWith(kept)) sessionStorage.removeItem(key);
  } catch {
    // storage unavailable: there is nothing to forget
  }
}
