import type { AnswerLimit, AnswerLimitRange, QuestionType, RewardType, SurveyCategory, SurveyQuestion } from './types';
import { tokyoToday } from '@/lib/time/today';

// Pure pieces of the survey editor: labels, new rows, the period's stage and the text of a period.

export const REWARD_TYPES: readonly { value: RewardType; label: string }[] = [
  { value: 'NONE', label: 'なし' },
  { value: 'IMAGE', label: '画像クーポン' },
  { value: 'LINK', label: 'リンク' },
];

export const ANSWER_LIMITS: readonly { value: AnswerLimit; label: string }[] = [
  { value: 'ONCE', label: '1回のみ' },
  { value: 'DAYS', label: '指定日数ごとに1回' },
  { value: 'UNLIMITED', label: '制限なし' },
];

export const ANSWER_LIMIT_RANGES: readonly { value: AnswerLimitRange; label: string }[] = [
  { value: 'FACILITY', label: '店舗ごと' },
  { value: 'SURVEY', label: 'アンケート全体' },
];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  NPS: 'おすすめ度(0〜10)',
  SINGLE_CHOICE: '単一選択',
  MULTIPLE_CHOICE: '複数選択',
  RATING: '5段階評価',
  FREE_TEXT: '自由記述',
  MAIL: 'メールアドレス',
};

/** The types a question of a further (NORMAL) category may take. */
export const NORMAL_QUESTION_TYPES: readonly QuestionType[] = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'RATING', 'FREE_TEXT'];
/** The types a customer-information (ATTRIBUTE) question may take. */
export const ATTRIBUTE_QUESTION_TYPES: readonly QuestionType[] = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE'];

/** The three categories every survey starts with, in this order (fixed: not moved nor removed). */
export const FIXED_CATEGORY_TYPES = ['NPS', 'ATTRIBUTE', 'MAIL'] as const;
export const FIXED_CATEGORY_COUNT = FIXED_CATEGORY_TYPES.length;

export const MIN_CHOICES = 2;
export const MAX_CHOICES = 20;

export function hasChoices(type: QuestionType | undefined): boolean {
  return type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE';
}

/** A new question of a further category: a single choice with two empty-free choices to edit. */
export function newQuestion(type: QuestionType = 'SINGLE_CHOICE'): SurveyQuestion {
  return { questionId: 0, questionType: type, text: '', required: false, choiceList: hasChoices(type) ? ['はい', 'いいえ'] : [] };
}

/** A new further category with one question to fill in. */
export function newCategory(): SurveyCategory {
  return { categoryId: 0, categoryType: 'NORMAL', categoryName: '', questionList: [newQuestion()] };
}

/** How many questions the categories hold. */
export function questionCount(categories: readonly SurveyCategory[]): number {
  return categories.reduce((sum, category) => sum + category.questionList.length, 0);
}

export type SurveyStage = 'NOT_YET_OPEN' | 'OPEN' | 'CLOSED';

export const STAGE_LABELS: Record<SurveyStage, string> = { NOT_YET_OPEN: '準備中', OPEN: '実施中', CLOSED: '終了' };
export const STAGE_COLORS: Record<SurveyStage, string> = { NOT_YET_OPEN: 'default', OPEN: 'green', CLOSED: 'red' };

/** Where a period stands on `today` (Tokyo calendar dates, both ends inclusive, the end optional). */
export function stageOn(fromDate: string, toDate: string | null | undefined, today = tokyoToday()): SurveyStage {
  if (today < fromDate) return 'NOT_YET_OPEN';
  if (toDate && today > toDate) return 'CLOSED';
  return 'OPEN';
}

export { periodText } from '@/shared/dates/format';

/** The absolute answer URL of a link path ("/home/a/{key}") on this console's origin. */
export function absoluteUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).toString();
}

/** "data:image/png;base64,AAAA" → its type and base64 text. */
export function splitDataUrl(dataUrl: string): { mediaType: string; data: string } {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl);
  return { mediaType: match?.[1] ?? '', data: match?.[3] ?? '' };
}

/**
 * The media type an image's first bytes (base64) say it is, among the four a survey shows, or '' for
 * anything else (the server's survey.imageKind). The browser's file type comes from the file's name,
 * so a text file named icon.png passed as an image; read by its bytes, the form says it is not one.
 */
export function imageKind(data: string): string {
  let head: string;
  try {
    head = atob(data.slice(0, 16));
  } catch {
    return '';
  }
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return 'image/png';
  if (head.startsWith('\xff\xd8\xff')) return 'image/jpeg';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.slice(0, 4) === 'RIFF' && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return '';
}

export const COPIED_LINK = 'リンクをコピーしました。';
export const COPY_FAILED = 'リンクをコピーできませんでした。';

/**
 * The answer page in preview for a saved survey: it loads the survey through the editors' own call and
 * sends nothing, so an editor's trial is never stored as a customer's answer (the live links would).
 */
export function previewUrl(surveyId: number, organizationId: number | null): string {
  const query = new URLSearchParams({ preview: String(surveyId) });
  if (organizationId !== null) query.set('org', String(organizationId));
  return `/home/a/?${query.toString()}`;
}
