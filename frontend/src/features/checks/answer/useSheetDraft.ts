import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { loginUserQueryOptions } from '@/features/session/queries';
import { onSessionExpired } from '@/lib/api/sessionExpiry';
import type { DraftOwner } from '@/lib/session/editorDrafts';
import { useCurrentOrganizationId } from '@/lib/session/currentOrganization';
import { dropDraft, keepDraft, readDraft } from '@/shared/editor/draftStorage';
import type { CheckSheet } from './api';
import { keptSheet, restoredSheet } from './sheetDraft';
import type { Drafts, ItemDraft } from './sheetState';

// docs/checks.md (the store's answering page): a sheet whose session expires with unsaved answers
// keeps them in the edit forms' draft storage (shared/editor/draftStorage.ts: this tab, this user, the
// organization acted in, this sheet, a day at most; dropped on logout and on another user's sign-in),
// and the same sheet opened again by the same user takes them back over what the server has then.

/** The sheet's identity among the acting organization's forms: its period and store. */
export const sheetDraftScope = (organizationId: number | null, sheet: Pick<CheckSheet, 'periodId' | 'facilityId'>) =>
  `${String(organizationId ?? 0)}/CheckSheet/${String(sheet.periodId)}/${String(sheet.facilityId)}`;

interface Options {
  sheet: CheckSheet;
  /** Submitted or out of its period: nothing is kept or restored, and a kept draft is dropped. */
  readOnly: boolean;
  /** What the screen shows now. */
  drafts: Drafts;
  inputDate: string;
  /** The date the sheet opened with (a changed one is kept). */
  initialDate: string;
  today: string;
  /** A kept draft was found: the screen takes its answers (and date, when one was kept) and is unsaved. */
  onRestored: (restored: { drafts: Record<number, ItemDraft>; inputDate: string | null }) => void;
}

/**
 * Keeps the sheet's unsaved answers when the session expires, and restores them once when the same
 * user opens the same sheet again. `markDirty` on every edit; `forget` when saved, submitted or read
 * again; `restored` while the notice is due.
 */
export function useSheetDraft({ sheet, readOnly, drafts, inputDate, initialDate, today, onRestored }: Options) {
  const user = useQuery(loginUserQueryOptions).data ?? null;
  const organizationId = useCurrentOrganizationId();
  const scope = sheetDraftScope(organizationId, sheet);
  const identity = useRef<{ owner: DraftOwner; scope: string } | null>(null);
  const dirty = useRef(false);
  const [restored, setRestored] = useState(false);
  const ownerOrganizationId = user?.organizationId;
  const ownerUserId = user?.userId;

  // Only while signed in: the expiry clears the user, and the sheet must still know whose it was.
  useLayoutEffect(() => {
    if (ownerOrganizationId !== undefined && ownerUserId !== undefined) {
      identity.current = { owner: { organizationId: ownerOrganizationId, userId: ownerUserId }, scope };
    }
  }, [ownerOrganizationId, ownerUserId, scope]);

  // Before paint, so the saved answers do not flash first.
  const restore = useEffectEvent(() => {
    const id = identity.current;
    if (!id) return;
    const found = readDraft(id.owner, id.scope);
    if (!found) return;
    // Taken out of storage: offered once; should the session expire again before a save, it is kept again.
    dropDraft(id.owner, id.scope);
    // Submitted meanwhile (or its period over): the answers can no longer change.
    if (readOnly) return;
    const values = restoredSheet(sheet, found.values, today);
    if (!values) return;
    dirty.current = true;
    setRestored(true);
    onRestored(values);
  });
  useLayoutEffect(() => {
    restore();
  }, []);

  const keep = useEffectEvent(() => {
    const id = identity.current;
    if (!id || !dirty.current || readOnly) return;
    const values = keptSheet(sheet, drafts, inputDate, initialDate);
    if (values) keepDraft(id.owner, id.scope, { values, leftOut: [] });
    // Kept once per expiry: a second 401 must not keep it again.
    dirty.current = false;
  });
  useLayoutEffect(
    () =>
      onSessionExpired(() => {
        keep();
      }),
    [],
  );

  const markDirty = useCallback(() => {
    dirty.current = true;
  }, []);
  /** Saved, submitted, discarded or read again: nothing to keep, nothing to offer back. */
  const forget = useCallback(() => {
    dirty.current = false;
    setRestored(false);
    const id = identity.current;
    if (id) dropDraft(id.owner, id.scope);
  }, []);
  return { restored, markDirty, forget };
}
