import type { FormInstance } from 'antd';

/** What antd's `form.setFields` takes for one field. */
export interface FieldErrorEntry {
  name: string;
  errors: string[];
}

/**
 * Splits the server's `data.fieldErrors` (400 invalid input) into errors for the fields the
 * form shows and messages for anything else (shown above the form, so no message is lost).
 * Keys are the JSON names of the request body, which are also the form's field names;
 * `aliases` maps a server key to a different form field when they differ.
 */
export function mapFieldErrors(
  fieldErrors: Record<string, string> | undefined,
  formFields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): { fields: FieldErrorEntry[]; rest: string[] } {
  const fields: FieldErrorEntry[] = [];
  const rest: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    const name = aliases[key] ?? key;
    if (formFields.includes(name)) fields.push({ name, errors: [message] });
    else rest.push(message);
  }
  return { fields, rest };
}

/** A field's shown errors, as antd's `form.getFieldsError()` lists them. */
export interface ShownFieldErrors {
  name: (string | number)[];
  errors: string[];
}

/** What `form.setFields` takes to take a field's errors away. */
export interface ClearedField {
  name: (string | number)[];
  errors: [];
}

/** Whether antd's `changedValues` (only the changed path, nested as the store is) reaches `path`. */
function reaches(changed: unknown, path: readonly (string | number)[]): boolean {
  let node = changed;
  for (const key of path) {
    // A whole value above the field (a list, an object) was replaced: the field changed with it.
    if (typeof node !== 'object' || node === null) return true;
    if (!Object.hasOwn(node, key)) return false;
    node = (node as Record<string | number, unknown>)[key];
  }
  return true;
}

/**
 * The errors to take away after an edit: those under the fields it changed. antd replaces a
 * field's errors only when its own rules run, so a message put there by hand (the server's, or
 * the schema's on submit) would otherwise stay under a field without rules (a picker, a date
 * range) after the user has already changed what it complained about. Other fields keep theirs.
 */
export function staleErrors(shown: readonly ShownFieldErrors[], changed: unknown): ClearedField[] {
  return shown.filter((field) => field.errors.length > 0 && reaches(changed, field.name)).map(({ name }) => ({ name, errors: [] }));
}

/** Every shown error taken away (after a successful save, when the form stays on screen). */
export function allErrorsCleared(shown: readonly ShownFieldErrors[]): ClearedField[] {
  return shown.filter((field) => field.errors.length > 0).map(({ name }) => ({ name, errors: [] }));
}

/** The part of an antd form the two below use. */
type ErrorsOfForm = Pick<FormInstance, 'getFieldsError' | 'setFields'>;

/** For a form's `onValuesChange`: takes away the errors of what `changed` (antd's changedValues) changed. */
export function clearStaleErrors(form: ErrorsOfForm, changed: unknown): void {
  const stale = staleErrors(form.getFieldsError(), changed);
  if (stale.length > 0) form.setFields(stale);
}

/** After a successful save: takes every error away. */
export function clearAllErrors(form: ErrorsOfForm): void {
  const shown = allErrorsCleared(form.getFieldsError());
  if (shown.length > 0) form.setFields(shown);
}
