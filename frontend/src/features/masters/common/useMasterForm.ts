import { Form, type FormInstance, type FormRule } from 'antd';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import type { ApiOutcome } from '@/lib/api/outcome';
import { schemaRule } from '@/lib/validation/antd';
import { fieldErrors } from '@/lib/validation/zod';
import { CONFLICT, useMasterToasts } from './feedback';
import { useFormChangedFlag } from './formChanged';
import { clearAllErrors, clearStaleErrors, mapFieldErrors } from './serverErrors';
import { FORM_CLASS, SCROLL_TO_FIRST_ERROR } from '@/shared/form/formScroll';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any object schema
type AnyObjectSchema = z.ZodObject<any>;

export interface MasterFormOptions<Schema extends AnyObjectSchema, Data> {
  /** The form's zod schema: the same checks and messages as the server (docs/product/validation.md). */
  schema: Schema;
  /** Sends the parsed values; the answer is interpreted by the API module. */
  save: (values: z.output<Schema>) => Promise<ApiOutcome<Data>>;
  /** After the success toast (the changed flag is already cleared): usually back to the list. */
  onSaved: (data: Data) => void;
  /** Reads the record again; offered on the toast of a version conflict (409). */
  reload?: () => void;
  /** Server field keys that name a different form field. */
  aliases?: Record<string, string>;
}

/**
 * The form pattern of the master screens: antd Form checked by a zod schema, the unsaved flag
 * set on every edit, the server's field errors (400) put under their fields until the field is
 * changed or the form saved, a version conflict
 * (409) offered for reload, and the success toast before `onSaved`. Hidden values the form does
 * not render (the `version` read) are kept in the form store and sent with the rest.
 */
export function useMasterForm<Schema extends AnyObjectSchema, Data>({
  schema,
  save,
  onSaved,
  reload,
  aliases,
}: MasterFormOptions<Schema, Data>) {
  const [form] = Form.useForm<z.input<Schema>>();
  /** The same form, addressed by plain field names (server and zod report those). */
  const byName = form as unknown as FormInstance<Record<string, unknown>>;
  const toasts = useMasterToasts();
  const { markChanged, clearChanged } = useFormChangedFlag();
  const [saving, setSaving] = useState(false);
  /** Server messages for fields the form does not show. */
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const submit = useCallback(async () => {
    const parsed = schema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      byName.setFields(Object.entries(fieldErrors(parsed.error)).map(([name, message]) => ({ name, errors: [message] })));
      toasts.invalidForm();
      return;
    }
    setSaving(true);
    setOtherErrors([]);
    let outcome: ApiOutcome<Data>;
    try {
      outcome = await save(parsed.data);
    } finally {
      setSaving(false);
    }
    if (outcome.ok) {
      // The form is fine now: an earlier "invalid input" toast, or a message under a field, must
      // not stay beside the success (a request form stays on screen after it).
      toasts.clearInvalidForm();
      clearAllErrors(form);
      toasts.outcome(outcome);
      clearChanged();
      onSaved(outcome.data);
      return;
    }
    if (outcome.failure.code === CONFLICT && reload) {
      toasts.conflict(outcome, reload);
      return;
    }
    toasts.outcome(outcome);
    const { fields, rest } = mapFieldErrors(outcome.failure.fieldErrors, Object.keys(schema.shape as Record<string, unknown>), aliases);
    byName.setFields(fields);
    setOtherErrors(rest);
  }, [schema, form, byName, save, toasts, clearChanged, onSaved, reload, aliases]);

  /**
   * Every edit marks the form unsaved and takes away the errors of what it changed (antd's
   * changedValues). A screen that sets a value itself calls it without one: that only marks.
   */
  const onValuesChange = useCallback(
    (changed?: unknown) => {
      markChanged();
      if (changed !== undefined) clearStaleErrors(form, changed);
    },
    [markChanged, form],
  );

  /** The zod check of one field, as an antd rule. */
  const rules = useCallback((name: keyof z.input<Schema> & string): FormRule[] => [schemaRule(schema, name)], [schema]);

  const formProps = {
    form,
    layout: 'vertical' as const,
    onValuesChange,
    onFinish: () => void submit(),
    onFinishFailed: toasts.invalidForm,
    scrollToFirstError: SCROLL_TO_FIRST_ERROR,
    className: FORM_CLASS,
    // The messages are the form's own, in Japanese: the browser's bubbles must not cover them.
    noValidate: true,
  };

  return { form, formProps, rules, saving, otherErrors, clearChanged };
}
