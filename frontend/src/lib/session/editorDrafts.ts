import { SESSION_STORAGE_PREFIX } from '@/lib/storage/sessionStorage';

// docs/product/shell.md#shell-behaviour: what a user had typed into an edit form when the session
// expired is kept in this tab (sessionStorage) until the same user, signed in again, opens the same
// form (shared/editor/draftStorage.ts keeps and reads it). Each draft belongs to one signed-in user of
// one organization and one form. Only the keys and their removal are here: logout and sign-in, in the
// first chunk, drop drafts, and the rest loads with the editors.

/** The storage keys of drafts: rouder_draft:<user's organization>.<user>:<scope>. */
const DRAFT_PREFIX = `${SESSION_STORAGE_PREFIX}draft:`;

/** Who typed a draft: the signed-in user, by its own organization and id. */
export interface DraftOwner {
  organizationId: number;
  userId: number;
}

const ownerPrefix = (owner: DraftOwner) => `${DRAFT_PREFIX}${String(owner.organizationId)}.${String(owner.userId)}:`;

/** The storage key of the draft `owner` left in the form `scope` (the organization acted in, the editor, the record). */
export const draftKey = (owner: DraftOwner, scope: string) => ownerPrefix(owner) + scope;

/** The storage keys of all drafts in this tab. */
export function draftKeys(): string[] {
  const keys: string[] = [];
  for (let index = 0; index < sessionStorage.length; index += 1) {
    const key = sessionStorage.key(index);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * Forgets drafts: all of them (logout), or all but `keep`'s (a sign-in: another user's or
 * organization's typing must not stay in this tab with someone else signed in).
 */
export function dropDrafts(keep?: DraftOwner): void {
  try {
    const kept = keep ? ownerPrefix(keep) : null;
    for (const key of draftKeys()) if (kept === null || !key.startsWith(kept)) sessionStorage.removeItem(key);
  } catch {
    // storage unavailable: there is nothing to forget
  }
}
