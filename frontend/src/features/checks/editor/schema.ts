import { z } from 'zod';
import { flag, idList } from '@/features/masters/common/validation';
import {
  maxValueMessage,
  minValueMessage,
  requiredMessage,
  VALIDATION_MESSAGES,
} from '@/lib/validation/messages';
import { clockTime, maxLength } from '@/lib/validation/checks';
import { textField } from '@/lib/validation/zod';
import { MAX_CHOICES, MIN_CHOICES, newCategory } from './model';
import type { CheckCategory, CheckListMaster } from './types';
export * from './search';

// The editor's checks: the server's (backend/internal/domain/checklist/checklist.go) with its
// words, but reported on the field concerned (the server names a category or item by position
// in one message under `categoryList`, which the editor shows above the categories).

/** The longest explanation of an item (the server's checklist.MaxExplanation). */
const MAX_EXPLANATION = 1000;

/** The longest name of a choice (the server's checklist.MaxChoiceLabel); the field stops there too. */
export const MAX_CHOICE_LABEL = 20;

/** A choice's score lies within ±MAX_SCORE (the server's checklist.MaxScore). */
export const MAX_SCORE = 999;

export const MESSAGES = {
  endBeforeStart: '終了日は開始日以降の日付にしてください。',
  days: (label: string) => `${label}は0から31の間で入力してください。`,
  noCategory: 'カテゴリを1つ以上追加してください。',
  noItem: '項目を1つ以上追加してください。',
  scale: `選択肢は${MIN_CHOICES}〜${MAX_CHOICES}個の異なる名前にしてください。`,
  score: `点数は-${String(MAX_SCORE)}〜${String(MAX_SCORE)}で入力してください。`,
  duration: '繰り返しの単位が正しくありません。',
} as const;

/** What a reminder falling on a closing day does (openapi CheckListMasterInput.closingDayRule). */
export const CLOSING_DAY_RULES = ['BEFORE', 'AFTER', 'SKIP'] as const;
export const CLOSING_DAY_RULE_LABELS: Record<(typeof CLOSING_DAY_RULES)[number], string> = {
  BEFORE: '前の営業日に送る',
  AFTER: '次の営業日に送る',
  SKIP: '送らない',
};

/** A date "YYYY-MM-DD" as the form holds it (the preview reads it too). */
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "HH:MM" in Tokyo, or empty for none. */
const time = z
  .string()
  .nullish()
  .transform((value) => value ?? '')
  .superRefine((value, ctx) => {
    const message = clockTime(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A calendar date "YYYY-MM-DD", required. */
const date = (label: string) =>
  z
    .string()
    .nullish()
    .transform((value) => value ?? '')
    .superRefine((value, ctx) => {
      if (!DATE.test(value)) ctx.addIssue({ code: 'custom', message: requiredMessage(label) });
    });

/** An integer from an InputNumber (null when cleared). */
const integer = (label: string, check: (n: number) => string | null, emptyAs?: number) =>
  z
    .number()
    .nullish()
    .superRefine((value, ctx) => {
      if (value === null || value === undefined) {
        if (emptyAs === undefined) ctx.addIssue({ code: 'custom', message: requiredMessage(label) });
        return;
      }
      const message = Number.isInteger(value) ? check(value) : VALIDATION_MESSAGES.integer;
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => value ?? emptyAs ?? 0);

const days = (label: string) => integer(label, (n) => (n < 0 || n > 31 ? MESSAGES.days(label) : null), 0);

const choice = z.object({
  label: z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim()),
  score: z.number().nullish(),
  bad: flag,
});

/**
 * The scale of an item, checked as one field (the choices are edited in one control): 2 to 10
 * choices with distinct names, each with an integer score.
 */
const choiceList = z
  .array(choice)
  .nullish()
  .transform((value) => value ?? [])
  .superRefine((choices, ctx) => {
    const labels = choices.map((entry) => entry.label);
    if (labels.some((label) => label === '')) {
      ctx.addIssue({ code: 'custom', message: requiredMessage('選択肢名') });
      return;
    }
    const tooLong = labels.map(maxLength('選択肢名', MAX_CHOICE_LABEL)).find((message) => message !== null);
    if (tooLong) {
      ctx.addIssue({ code: 'custom', message: tooLong });
      return;
    }
    if (choices.some((entry) => entry.score === null || entry.score === undefined)) {
      ctx.addIssue({ code: 'custom', message: requiredMessage('点数') });
      return;
    }
    if (choices.some((entry) => !Number.isInteger(entry.score))) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.integer });
      return;
    }
    if (choices.some((entry) => Math.abs(entry.score ?? 0) > MAX_SCORE)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.score });
      return;
    }
    if (choices.length < MIN_CHOICES || choices.length > MAX_CHOICES || new Set(labels).size !== labels.length) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.scale });
    }
  })
  .transform((choices) => choices.map(({ label, score, bad }) => ({ label, score: score ?? 0, bad })));

const item = z.object({
  itemId: z.number().int().nonnegative().nullish().transform((value) => value ?? 0),
  question: textField({ label: '質問', required: true, max: 500 }),
  explanation: textField({ label: '説明', max: MAX_EXPLANATION }),
  choiceList,
  photoRequired: flag,
  inapplicableAllowed: flag,
});

const category = z.object({
  categoryId: z.number().int().nonnegative().nullish().transform((value) => value ?? 0),
  categoryName: textField({ label: 'カテゴリ名', required: true, max: 100 }),
  itemList: z
    .array(item)
    .nullish()
    .transform((value) => value ?? [])
    .superRefine((items, ctx) => {
      if (items.length === 0) ctx.addIssue({ code: 'custom', message: MESSAGES.noItem });
    }),
});

export const checkListFormSchema = z
  .object({
    checkListMasterName: textField({ label: 'チェックリスト名', required: true, max: 100 }),
    fromDate: date('開始日'),
    toDate: date('終了日'),
    nextInterval: integer('繰り返し間隔', (n) =>
      n < 1 ? minValueMessage('繰り返し間隔', 1) : n > 365 ? maxValueMessage('繰り返し間隔', 365) : null,
    ),
    nextDuration: z.enum(['DAYS', 'WEEKS', 'MONTHS'], { error: MESSAGES.duration }),
    startNotificationTime: time,
    reminderNotificationTime: time,
    reminderDaysBefore: days('リマインド日数'),
    availableImprovement: flag,
    improvementReminderNotificationTime: time,
    improvementReminderDaysBefore: days('改善リマインド日数'),
    closingDayRule: z.enum(CLOSING_DAY_RULES).catch('BEFORE'),
    businessDays: flag,
    targetFacilityList: idList,
    targetUserList: idList,
    categoryList: z
      .array(category)
      .nullish()
      .transform((value) => value ?? [])
      .superRefine((categories, ctx) => {
        if (categories.length === 0) ctx.addIssue({ code: 'custom', message: MESSAGES.noCategory });
      }),
    version: z.number().int().optional(),
  })
  .superRefine((values, ctx) => {
    if (DATE.test(values.fromDate) && DATE.test(values.toDate) && values.toDate < values.fromDate) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.endBeforeStart, path: ['toDate'] });
    }
  });

export type CheckListFormSchema = typeof checkListFormSchema;
export type CheckListFormValues = z.input<CheckListFormSchema>;
export type CheckListFormOutput = z.output<CheckListFormSchema>;

/** The form's values for a check list read from the server (or the server's defaults). */
export function formValuesOf(master: CheckListMaster, { withVersion }: { withVersion: boolean }): CheckListFormValues {
  const categories: CheckCategory[] = master.categoryList.length > 0 ? master.categoryList : [newCategory()];
  return {
    checkListMasterName: master.checkListMasterName,
    fromDate: master.fromDate,
    toDate: master.toDate,
    nextInterval: master.nextInterval,
    nextDuration: master.nextDuration,
    startNotificationTime: master.startNotificationTime,
    reminderNotificationTime: master.reminderNotificationTime,
    reminderDaysBefore: master.reminderDaysBefore,
    availableImprovement: master.availableImprovement,
    improvementReminderNotificationTime: master.improvementReminderNotificationTime,
    improvementReminderDaysBefore: master.improvementReminderDaysBefore,
    closingDayRule: master.closingDayRule,
    businessDays: master.businessDays,
    targetFacilityList: master.targetFacilityList,
    targetUserList: master.targetUserList,
    // Copies, so editing the form never changes the query cache's object.
    categoryList: structuredClone(categories),
    ...(withVersion ? { version: master.version } : {}),
  };
}
