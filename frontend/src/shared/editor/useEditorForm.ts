import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { useBackToList } from '@/features/masters/common/navigation';
import { useMasterForm } from '@/features/masters/common/useMasterForm';
import type { ApiOutcome } from '@/lib/api/outcome';
import type { ListScreen } from '@/lib/routing/searchState';
import { useEditorDraft } from './useEditorDraft';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any object schema
type AnyObjectSchema = z.ZodObject<any>;

/** What a save mutation is given: the record's id (undefined: create) and the parsed values. */
export interface SaveVariables<Input> {
  id: number | undefined;
  input: Input;
}

type OutcomeMutation<Variables> = UseMutationResult<ApiOutcome<unknown>, Error, Variables>;

interface EditorFormOptions<Schema extends AnyObjectSchema, Rec> {
  schema: Schema;
  /** Undefined for a new record. */
  id: number | undefined;
  /** The list the screen goes back to, with its kept search. */
  list: ListScreen;
  save: OutcomeMutation<SaveVariables<z.output<Schema>>>;
  remove: OutcomeMutation<number>;
  /** Reads the record again after a version conflict. */
  reload: () => Promise<Rec | undefined>;
  /** The form's values for a record read again. */
  valuesOf: (record: Rec) => z.input<Schema>;
}

/**
 * The logic of an edit screen: save (create or update) through the feature's mutation, then back
 * to the list; delete the same way; reload the record after a version conflict (409). The
 * mutations invalidate the feature's queries themselves. Unsaved changes outlive an expired session
 * (useEditorDraft): kept when it ends, offered back when the same user opens the same form again.
 */
export function useEditorForm<Schema extends AnyObjectSchema, Rec>({
  schema,
  id,
  list,
  save,
  remove,
  reload,
  valuesOf,
}: EditorFormOptions<Schema, Rec>) {
  const toasts = useMasterToasts();
  const backToList = useBackToList(list);
  const { mutateAsync: saveAsync } = save;
  const { mutateAsync: removeAsync } = remove;

  const submit = useCallback((input: z.output<Schema>) => saveAsync({ id, input }), [saveAsync, id]);
  /** The saved record again (a version conflict, or a restored draft discarded). */
  const readAgain = () =>
    void reload().then((fresh) => {
      if (!fresh) return;
      form.form.resetFields();
      form.form.setFieldsValue(valuesOf(fresh));
      form.clearChanged();
    });
  const form = useMasterForm({
    schema,
    save: submit,
    onSaved: () => {
      draft.forget();
      void backToList();
    },
    reload: () => {
      draft.forget();
      readAgain();
    },
  });
  const draft = useEditorDraft({
    form: form.form,
    scope: `${list}/${id ?? 'new'}`,
    onRestored: () => {
      form.formProps.onValuesChange();
    },
    onDiscard: () => {
      // A new record goes back to the defaults it was opened with; a saved one is read again.
      form.form.resetFields();
      form.clearChanged();
      if (id !== undefined) readAgain();
    },
  });

  const onDelete = async () => {
    if (id === undefined) return;
    const outcome = await removeAsync(id);
    toasts.outcome(outcome);
    if (outcome.ok) {
      draft.forget();
      form.clearChanged();
      await backToList();
    }
  };

  const formProps = {
    ...form.formProps,
    // The form element draws the restored-draft notice above the fields.
    component: draft.component,
    onValuesChange: (changed?: unknown) => {
      draft.markDirty();
      form.formProps.onValuesChange(changed);
    },
  };

  return { ...form, formProps, onDelete, onCancel: () => void backToList(), editing: id !== undefined };
}
