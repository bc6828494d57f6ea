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
