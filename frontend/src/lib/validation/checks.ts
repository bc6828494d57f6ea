import {
  maxLengthMessage,
  minLengthMessage,
  PASSWORD_SYMBOLS,
  requiredMessage,
  VALIDATION_MESSAGES,
} from './messages';

// One check per rule of docs/product/validation.md: the message when `value` breaks it, else null. Like the
// server, every rule but `required` lets an empty value pass, so a form states "required" once.
// Lengths count characters (code points), not UTF-16 units: 「𠮷」 is one.

export type Check = (value: string) => string | null;

const length = (value: string): number => Array.from(value).length;

export const required =
  (label: string): Check =>
  (value) =>
    value.trim() === '' ? requiredMessage(label) : null;

export const maxLength =
  (label: string, n: number): Check =>
  (value) =>
    length(value) > n ? maxLengthMessage(label, n) : null;

export const minLength =
  (label: string, n: number): Check =>
  (value) =>
    value !== '' && length(value) < n ? minLengthMessage(label, n) : null;

/** At least 8 characters, three of the four kinds, nothing outside them. */
export function isPasswordFormat(value: string): boolean {
  if (length(value) < 8) return false;
  const kinds = { upper: false, lower: false, digit: false, symbol: false };
  for (const char of value) {
    if (char >= 'A' && char <= 'Z') kinds.upper = true;
    else if (char >= 'a' && char <= 'z') kinds.lower = true;
    else if (char >= '0' && char <= '9') kinds.digit = true;
    else if (PASSWORD_SYMBOLS.includes(char)) kinds.symbol = true;
    else return false;
  }
  return Object.values(kinds).filter(Boolean).length >= 3;
}

export const password: Check = (value) =>
  value !== '' && !isPasswordFormat(value) ? VALIDATION_MESSAGES.password : null;

export const phone: Check = (value) =>
  value !== '' && !/^[0-9#*-]+$/.test(value) ? VALIDATION_MESSAGES.phone : null;

// An address a mail server takes as it is: dot-atom local part, one @, a dotted domain, no
// display name or comments (the server checks the same with net/mail).
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOT_ATOM = `${ATEXT}(?:\\.${ATEXT})*`;
const EMAIL_PATTERN = new RegExp(`^${DOT_ATOM}@${ATEXT}(?:\\.${ATEXT})+$`);

export const email: Check = (value) =>
  value !== '' && !EMAIL_PATTERN.test(value) ? VALIDATION_MESSAGES.email : null;

/** Printable ASCII (space to tilde). */
export const ascii: Check = (value) => (/^[\x20-\x7E]*$/.test(value) ? null : VALIDATION_MESSAGES.ascii);

export const integer: Check = (value) =>
  value !== '' && !/^-?[0-9]+$/.test(value) ? VALIDATION_MESSAGES.integer : null;

/** The confirmation of a new password must equal it. */
export const confirms =
  (other: string): Check =>
  (value) =>
    value !== '' && value !== other ? VALIDATION_MESSAGES.passwordMismatch : null;

/** A time of day "HH:MM", 00:00–23:59 with two digits each (the notice times of check lists and surveys). */
export const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** A notice time; empty passes (no notice). */
export const clockTime: Check = (value) =>
  value !== '' && !CLOCK_TIME.test(value) ? VALIDATION_MESSAGES.clockTime : null;
