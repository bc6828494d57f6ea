import type { PublicQuestion } from './api';

/** What the customer has entered for one question so far. */
export interface Draft {
  score?: number;
  choices: string[];
  text: string;
  consent: boolean;
}

export const EMPTY_DRAFT: Draft = { choices: [], text: '', consent: false };

export const MAX_FREE_TEXT = 1000;
export const MAX_MAIL = 256;

/**
 * Characters as the server counts them (code points): an emoji is one, where a string's length and a
 * field's maxLength count it as two, so 500 emoji stopped a field of 1,000 characters.
 */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/** The text cut to at most `max` characters (code points), as a field's maxLength would cut it. */
export function cutTo(text: string, max: number): string {
  return charCount(text) > max ? Array.from(text).slice(0, max).join('') : text;
}

/** A question's field name, as the server names it in field errors. */
export function fieldId(question: Pick<PublicQuestion, 'questionId'>): string {
  return `q${question.questionId}`;
}

/** A copy of `errors` without `field`. */
export function without(errors: Readonly<Record<string, string>>, field: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field));
}
