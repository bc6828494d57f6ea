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

/** A question's field name, as the server names it in field errors. */
export function fieldId(question: Pick<PublicQuestion, 'questionId'>): string {
  return `q${question.questionId}`;
}

/** A copy of `errors` without `field`. */
export function without(errors: Readonly<Record<string, string>>, field: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field));
}
