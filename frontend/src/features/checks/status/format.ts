import type { CheckChoice, CheckSheet, PeriodResult, Progress, SheetItem } from './types';

/** The list's title (the route's static title). */
export const STATUS_TITLE = 'チェック状況';

/** Japanese names of the progress values (docs/product/constants.md). */
export const PROGRESS_LABELS: Record<Progress, string> = {
  UNCHECKED: '未実施',
  IN_PROGRESS: '実施中',
  CHECKED: '実施済',
};

/** antd Tag colours: grey nothing yet, blue under way, green done. */
export const PROGRESS_COLORS: Record<Progress, string> = {
  UNCHECKED: 'default',
  IN_PROGRESS: 'processing',
  CHECKED: 'success',
};

/**
 * docs/product/constants.md: UNCHECKED while the remaining items are at least the total, IN_PROGRESS while
 * some remain, otherwise CHECKED. (The server sends it; the screen derives it only where it
 * has the counts alone.)
 */
export function progressOf(totalCount: number, answeredCount: number): Progress {
  const remaining = totalCount - answeredCount;
  if (remaining >= totalCount) return 'UNCHECKED';
  if (remaining > 0) return 'IN_PROGRESS';
  return 'CHECKED';
}

// Dates and times are written as the whole console writes them (the date pickers too).
export { dateText, dateTimeText, periodText } from '@/shared/dates/format';

/** The score as a share of the best possible, rounded; null while nothing scored is answered. */
export function scorePercent(score: number, possibleScore: number): number | null {
  return possibleScore > 0 ? Math.round((score * 100) / possibleScore) : null;
}

/** The scale as the store saw it when answering (the list may have changed since). */
export function answeredScale(item: SheetItem): CheckChoice[] {
  return item.answeredAs?.choiceList ?? item.choiceList;
}

/** The choice an answer picked, with its score and whether it is a bad result; null if none. */
export function chosen(item: SheetItem): CheckChoice | null {
  const answer = item.answer;
  if (!answer || answer.inapplicable || answer.choice === '') return null;
  return answeredScale(item).find((choice) => choice.label === answer.choice) ?? null;
}

/** The best score the item's scale offers. */
export function bestScore(scale: readonly CheckChoice[]): number {
  return scale.reduce((best, choice) => Math.max(best, choice.score), 0);
}

/** What an answer is: unanswered, inapplicable, or its choice. */
export type AnswerState = 'unanswered' | 'inapplicable' | 'answered';

export function answerState(item: SheetItem): AnswerState {
  const answer = item.answer;
  if (!answer) return 'unanswered';
  if (answer.inapplicable) return 'inapplicable';
  return answer.choice === '' ? 'unanswered' : 'answered';
}

/** Change of the score share (percentage points) against the period before; null when either has no score. */
export function scoreChange(history: readonly PeriodResult[], index: number): number | null {
  const here = history[index];
  const before = history[index + 1];
  if (!here || !before) return null;
  const now = scorePercent(here.score, here.possibleScore);
  const then = scorePercent(before.score, before.possibleScore);
  return now === null || then === null ? null : now - then;
}

/** docs/product/shell.md: the detail's title, set at run time from the store and the check list. */
export function detailTitle(sheet: Pick<CheckSheet, 'facilityName' | 'checkListMasterName'>): string {
  return `${sheet.facilityName} ${sheet.checkListMasterName}`;
}
