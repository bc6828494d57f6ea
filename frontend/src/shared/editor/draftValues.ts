// What of an edit form's values is kept as a draft when the session expires (useEditorDraft), as
// plain JSON, and how it is read back. Field by field (a form's top-level names): a field is kept
// whole or not at all, so a restored form never mixes half of a typed value with half of a saved one.
//
// Not kept — deliberately — and left as the server has them after sign-in:
// - passwords: a field named like one, or shown as a password input. Browser storage is no place
//   for them, not even for a day.
// - files and images: anything that is not plain data (a File, a Blob, a date object), a very long
//   text, and an image held as base64 text (`<stem>Data` beside its `<stem>MediaType`, as the
//   survey's icon and reward image are; both halves stay as saved, so they still match). They are
//   large, and storage for the whole site is a few megabytes.

/** Texts longer than this are taken for file contents (no form field of the console takes as much). */
export const MAX_KEPT_TEXT = 20_000;

/** How `undefined` (an emptied field) survives JSON. */
const UNDEFINED = { $draft: 'undefined' } as const;

const PASSWORD_NAME = /pass(word|wd)/i;
const DATA_NAME = /^(.+)Data$/;

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Whether a value is plain data that JSON keeps as it is (text, number, boolean, null, undefined, arrays and objects of those). */
function isPlainData(value: unknown): boolean {
  if (value === null || value === undefined || typeof value === 'boolean' || typeof value === 'string') {
    return typeof value !== 'string' || value.length <= MAX_KEPT_TEXT;
  }
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.every(isPlainData);
  return isPlainObject(value) && Object.values(value).every(isPlainData);
}

function encode(value: unknown): unknown {
  if (value === undefined) return UNDEFINED;
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, encode(entry)]));
  }
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 1 && (value as { $draft?: unknown }).$draft === UNDEFINED.$draft) return undefined;
    return Object.fromEntries(entries.map(([key, entry]) => [key, decode(entry)]));
  }
  return value;
}

export interface KeptValues {
  /** The kept fields, encoded for JSON. */
  values: Record<string, unknown>;
  /** The fields left out that the user had typed into (for the notice). */
  leftOut: string[];
}

interface CaptureOptions {
  /** Fields shown as password inputs (whatever their name). */
  passwordFields?: ReadonlySet<string>;
  /** Whether the user typed into a field (only those left out are worth a word). */
  typed?: (name: string) => boolean;
}

/** The form's values (antd's getFieldsValue(true)) as a draft: what is kept, and what was left out. */
export function keptValues(all: Record<string, unknown>, { passwordFields, typed = () => false }: CaptureOptions = {}): KeptValues {
  const names = Object.keys(all);
  const imageData = new Set<string>();
  for (const name of names) {
    const stem = DATA_NAME.exec(name)?.[1];
    if (stem !== undefined && names.includes(`${stem}MediaType`)) {
      imageData.add(name);
      imageData.add(`${stem}MediaType`);
    }
  }
  const values: Record<string, unknown> = {};
  const leftOut: string[] = [];
  for (const name of names) {
    const value = all[name];
    const secret = PASSWORD_NAME.test(name) || passwordFields?.has(name) === true;
    if (secret || imageData.has(name) || !isPlainData(value)) {
      if (typed(name)) leftOut.push(name);
      continue;
    }
    values[name] = encode(value);
  }
  return { values, leftOut };
}

/** A kept draft's values as the form takes them back; null for anything unreadable. */
export function restoredValues(stored: unknown): Record<string, unknown> | null {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null;
  return decode(stored) as Record<string, unknown>;
}
