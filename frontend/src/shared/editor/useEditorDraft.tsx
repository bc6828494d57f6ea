import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useEffectEvent, useLayoutEffect, useState, type ComponentProps, type ComponentType, type Ref } from 'react';
import { loginUserQueryOptions } from '@/features/session/queries';
import { onSessionExpired } from '@/lib/api/sessionExpiry';
import type { DraftOwner } from '@/lib/session/editorDrafts';
import { useCurrentOrganizationId } from '@/lib/session/currentOrganization';
import { createStore, useStore } from '@/lib/store/createStore';
import { DraftNotice } from './DraftNotice';
import { dropDraft, keepDraft, readDraft } from './draftStorage';
import { keptValues, restoredValues } from './draftValues';

// docs/product/shell.md#shell-behaviour: an edit form whose session expires with unsaved changes keeps
// what was typed (draftStorage.ts: this tab, this user, this form, a day at most), and the
// same form opened again by the same user after signing in takes it back over the record it read, with
// a notice at the top of the form and a way to discard it. Every screen built on useEditorForm gets
// this: the notice is drawn by the form element itself (antd Form's `component`), so no screen has
// to place it.


interface Notice {
  /** Typed fields that were not kept (passwords, images). */
  leftOut: readonly string[];
}

/** Any form's instance (its values are any). */
type AnyForm = FormInstance;

interface DraftOptions {
  form: AnyForm;
  /** The form's identity among the acting organization's editors: the editor and the record ('User/5', 'User/new'). */
  scope: string;
  /** After a draft was put into the form: mark it unsaved. */
  onRestored: () => void;
  /** 破棄: back to the saved record. */
  onDiscard: () => void;
}

/** The form element of an edit form, with the restored-draft notice above its fields. */
type DraftFormComponent = ComponentType<ComponentProps<'form'>>;

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** The top-level names of the form's password inputs (antd gives a top-level field its name as id). */
function passwordFields(element: HTMLFormElement | null): Set<string> {
  const inputs = element ? Array.from(element.querySelectorAll<HTMLInputElement>('input[type="password"]')) : [];
  return new Set(inputs.map((input) => input.id).filter((id) => id !== ''));
}

/**
 * The draft of one mounted form, made once per form: what the expiry listener and the notice need
 * between renders (the identity, whether the form has unsaved changes, its element).
 */
function createDraftController() {
  const notice = createStore<Notice | null>(null);
  let identity: { owner: DraftOwner; scope: string } | null = null;
  let dirty = false;
  let element: HTMLFormElement | null = null;
  let onDiscard: () => void = () => undefined;

  const discard = () => {
    notice.set(null);
    dirty = false;
    onDiscard();
  };

  function DraftForm({ ref, children, ...props }: ComponentProps<'form'>) {
    const shown = useStore(notice);
    return (
      <form
        {...props}
        ref={(node) => {
          element = node;
          assignRef(ref, node);
        }}
      >
        {shown && <DraftNotice leftOut={shown.leftOut.length > 0} onDiscard={discard} />}
        {children}
      </form>
    );
  }

  return {
    component: DraftForm as DraftFormComponent,
    /** Who is signed in and which form this is; kept when the expiry clears the user, before the form goes. */
    identify: (owner: DraftOwner, scope: string) => {
      identity = { owner, scope };
    },
    setOnDiscard: (handler: () => void) => {
      onDiscard = handler;
    },
    markDirty: () => {
      dirty = true;
    },
    /** Puts a draft kept for this user and form into the form, and shows the notice; null when there was none. */
    restore: (form: AnyForm): Notice | null => {
      if (!identity) return null;
      const found = readDraft(identity.owner, identity.scope);
      if (!found) return null;
      // Taken out of storage: should the session expire again before a save, the form (dirty) is kept again.
      dropDraft(identity.owner, identity.scope);
      const values = restoredValues(found.values);
      if (!values) return null;
      form.setFieldsValue(values);
      dirty = true;
      const shown = { leftOut: found.leftOut };
      notice.set(shown);
      return shown;
    },
    /** The session expired: keeps the form's values if it has unsaved changes. */
    keep: (form: AnyForm) => {
      if (!identity || !dirty) return;
      const all = form.getFieldsValue(true) as Record<string, unknown>;
      keepDraft(
        identity.owner,
        identity.scope,
        keptValues(all, { passwordFields: passwordFields(element), typed: (name) => form.isFieldTouched(name) }),
      );
      // Kept once per expiry: a second 401 must not keep it again.
      dirty = false;
    },
    /** The form is saved (or deleted, or read again): nothing to keep, nothing to offer back. */
    forget: () => {
      dirty = false;
      notice.set(null);
      if (identity) dropDraft(identity.owner, identity.scope);
    },
  };
}

/**
 * Keeps an edit form's unsaved values when the session expires, and restores them once when the
 * same user opens the same form again. `component` goes to the antd Form (it draws the notice);
 * `markDirty` on every edit; `forget` when saved, deleted or read again.
 */
export function useEditorDraft({ form, scope, onRestored, onDiscard }: DraftOptions) {
  const user = useQuery(loginUserQueryOptions).data ?? null;
  const organizationId = useCurrentOrganizationId();
  const [draft] = useState(createDraftController);
  const ownerOrganizationId = user?.organizationId;
  const ownerUserId = user?.userId;
  const fullScope = `${organizationId ?? 0}/${scope}`;

  // Only while signed in: the expiry clears the user, and the form must still know whose it was.
  useLayoutEffect(() => {
    if (ownerOrganizationId !== undefined && ownerUserId !== undefined) {
      draft.identify({ organizationId: ownerOrganizationId, userId: ownerUserId }, fullScope);
    }
  }, [draft, ownerOrganizationId, ownerUserId, fullScope]);

  useLayoutEffect(() => {
    draft.setOnDiscard(onDiscard);
  }, [draft, onDiscard]);

  // Before paint, so the saved values do not flash first.
  const restored = useEffectEvent(() => {
    if (draft.restore(form)) onRestored();
  });
  useLayoutEffect(() => {
    restored();
  }, []);

  useLayoutEffect(
    () =>
      onSessionExpired(() => {
        draft.keep(form);
      }),
    [draft, form],
  );

  return { component: draft.component, markDirty: draft.markDirty, forget: draft.forget };
}
