import { dayjs } from '@/lib/time/dayjs';
import { dateText } from '@/shared/dates/format';
import type { OpenCheck } from './api';

// Japanese texts of the store's answering pages, in one place for the screens and their tests.
export const TEXTS = {
  title: 'チェック回答',
  listLabel: '回答するチェック',
  empty: '回答するチェックはありません',
  saveDraft: '下書き保存',
  submit: '提出',
  submitConfirm: '提出しますか？',
  submitConfirmDetail: '提出すると回答は変更できなくなります。',
  submitOk: '提出する',
  cancel: 'キャンセル',
  backToList: '一覧に戻る',
  inapplicable: '該当なし',
  comment: 'コメント',
  photos: '写真',
  photoRequired: '写真必須',
  takePhoto: '写真を撮る',
  addPhoto: '写真を追加',
  inputDate: '実施日',
  choices: '評価',
  uploading: 'アップロード中',
  tooLarge: '写真は10MB以下にしてください。',
  tooMany: (max: number) => `写真は1項目${max}枚までです。`,
  submittedAt: (at: string) => `${at}に提出済みです。回答は変更できません。`,
  submitted: '提出済みです。回答は変更できません。',
  outOfPeriod: 'このチェックは現在回答できません(期間外です)。',
  answered: (done: number, total: number) => `回答 ${done} / ${total}`,
} as const;

/** A business date as the screens show it: 2026/11/30. */
export const showDate = (date: string) => dateText(date);

/** 2026/11/01 〜 2026/11/30 */
export const showPeriod = (from: string, to: string) => `${showDate(from)} 〜 ${showDate(to)}`;

/** How the deadline reads from today (both Tokyo dates, YYYY-MM-DD). */
export function dueText(toDate: string, today: string): string {
  const days = dayjs.utc(toDate).diff(dayjs.utc(today), 'day');
  if (days < 0) return '期限切れ';
  if (days === 0) return '今日まで';
  return `あと${days}日`;
}

/** Where one open check stands, as a tag: text and antd colour. */
export function progressTag(check: Pick<OpenCheck, 'progress' | 'submitted'>): { text: string; color: string } {
  if (check.submitted) return { text: '提出済み', color: 'green' };
  switch (check.progress) {
    case 'CHECKED':
      return { text: '未提出', color: 'gold' };
    case 'IN_PROGRESS':
      return { text: '回答中', color: 'blue' };
    default:
      return { text: '未回答', color: 'default' };
  }
}

/** Today's Tokyo date, YYYY-MM-DD. */
