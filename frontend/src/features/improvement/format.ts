import type { ImprovementAction, ImprovementEvent, ImprovementStatus, Side } from './types';

/** docs/product/improvement.md: the statuses' labels and tag colours (the report colours). */
export const STATUS_LABELS: Record<ImprovementStatus, string> = {
  IN_PROGRESS_UNREAD: '対応中(未読)',
  IN_PROGRESS: '対応中',
  IN_REVIEW_UNREAD: '確認待ち(未読)',
  IN_REVIEW: '確認待ち',
  COMPLETED: '完了',
};

export const STATUS_COLORS: Record<ImprovementStatus, string> = {
  IN_PROGRESS_UNREAD: 'volcano',
  IN_PROGRESS: 'orange',
  IN_REVIEW_UNREAD: 'geekblue',
  IN_REVIEW: 'blue',
  COMPLETED: 'green',
};

export const SIDE_LABELS: Record<Side, string> = { STORE: '店舗', OFFICE: '本部' };

export const EVENT_LABELS: Record<ImprovementEvent['kind'], string> = {
  CREATED: '作成',
  COMMENT: 'コメント',
  REPLY: '改善報告',
  SENT_BACK: '差し戻し',
  COMPLETED: '完了',
  REOPENED: '再開',
  DUE_DATE_CHANGED: '期限変更',
  ASSIGNEE_CHANGED: '担当者変更',
  ANSWER_NO_LONGER_BAD: '回答変更',
};

/** The buttons of the actions, and whether the text is a required reason. */
export const ACTIONS: Record<ImprovementAction, { label: string; reason: boolean; primary: boolean }> = {
  REPLY: { label: '改善を報告', reason: false, primary: true },
  COMMENT: { label: 'コメント', reason: false, primary: false },
  SEND_BACK: { label: '差し戻す', reason: true, primary: false },
  COMPLETE: { label: '完了にする', reason: false, primary: true },
  REOPEN: { label: '再開する', reason: true, primary: false },
};

export const SOURCE_LABELS = { CHECK: 'チェック', SURVEY: 'アンケート', MANUAL: '本部作成' } as const;

// Dates and times are written as the check status writes them.
export { dateText, dateTimeText, periodText } from '@/features/checks/status/format';
