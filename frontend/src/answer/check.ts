import { normalizeCode } from '@/lib/validation/normalize';
import type { PublicAnswerValue, PublicQuestion } from './api';
import { EMPTY_DRAFT, MAX_FREE_TEXT, charCount, fieldId, type Draft } from './draft';

// The server's own wording (internal/domain/survey/answer.go, domain/validation), so a message
// reads the same whether the page or the server finds the problem.
export const MSG_REQUIRED = '必須です';
export const MSG_EMAIL = 'メールアドレスの形式で入力してください。';
export const MSG_CONSENT = 'メールアドレスを送信するには同意が必要です。';
export const MSG_TOO_LONG = `回答は${MAX_FREE_TEXT}文字以内です。`;
/** The page's own: the terms are agreed to in the browser only. */
export const MSG_TERMS = '利用規約への同意が必要です。';
export const TERMS_FIELD = 'terms';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A mail address as typed on a phone with the input method on (ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ): folded
 * like every mail field of the console (lib/validation/normalize), checked and sent that way.
 */
const mailOf = (draft: Draft) => normalizeCode(draft.text);

function answered(question: PublicQuestion, draft: Draft): boolean {
  switch (question.questionType) {
    case 'NPS':
    case 'RATING':
      return draft.score !== undefined;
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE':
      return draft.choices.length > 0;
    default:
      return draft.text.trim() !== '';
  }
}

/** Problems the page can see before sending, by field (`q{questionId}`, `terms`). */
export function checkDrafts(
  questions: readonly PublicQuestion[],
  drafts: Readonly<Record<number, Draft>>,
  termsAgreed: boolean | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const draft = drafts[question.questionId] ?? EMPTY_DRAFT;
    const field = fieldId(question);
    if (question.required && !answered(question, draft)) {
      errors[field] = MSG_REQUIRED;
      continue;
    }
    if (question.questionType === 'FREE_TEXT' && charCount(draft.text.trim()) > MAX_FREE_TEXT) errors[field] = MSG_TOO_LONG;
    if (question.questionType === 'MAIL' && mailOf(draft) !== '') {
      if (!EMAIL.test(mailOf(draft))) errors[field] = MSG_EMAIL;
      else if (!draft.consent) errors[field] = MSG_CONSENT;
    }
  }
  if (termsAgreed === false) errors[TERMS_FIELD] = MSG_TERMS;
  return errors;
}

/** The answers to send: one entry per answered question, nothing for those left empty. */
export function toAnswerList(questions: readonly PublicQuestion[], drafts: Readonly<Record<number, Draft>>): PublicAnswerValue[] {
  const list: PublicAnswerValue[] = [];
  for (const question of questions) {
    const draft = drafts[question.questionId];
    if (!draft || !answered(question, draft)) continue;
    const { questionId } = question;
    switch (question.questionType) {
      case 'NPS':
      case 'RATING':
        if (draft.score !== undefined) list.push({ questionId, score: draft.score });
        break;
      case 'SINGLE_CHOICE':
      case 'MULTIPLE_CHOICE':
        list.push({ questionId, choiceList: draft.choices });
        break;
      case 'FREE_TEXT':
        list.push({ questionId, text: draft.text.trim() });
        break;
      case 'MAIL':
        list.push({ questionId, text: mailOf(draft), consent: draft.consent });
        break;
    }
  }
  return list;
}
