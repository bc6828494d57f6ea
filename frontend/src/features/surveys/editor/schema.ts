import { z } from 'zod';
import { flag, idList } from '@/features/masters/common/validation';
import { maxValueMessage, minValueMessage, requiredMessage, VALIDATION_MESSAGES } from '@/lib/validation/messages';
import { clockTime } from '@/lib/validation/checks';
import { textField } from '@/lib/validation/zod';
import { FIXED_CATEGORY_TYPES, hasChoices, MAX_CHOICES, MIN_CHOICES } from './model';
import type { Survey, SurveyCategory } from './types';
export * from './search';

// The editor's checks: the server's (backend/internal/domain/survey/survey.go) with its words,
// reported on the field concerned (the server names a category or question by position in one
// message under `categoryList`, which the editor shows above the categories).

export const MESSAGES = {
  endBeforeStart: '終了日は開始日以降の日付にしてください。',
  reminderDays: '改善リマインド日数は0から31の間で入力してください。',
  url: 'URLはhttp://またはhttps://で始まる形式で入力してください。',
  imageSize: (label: string) => `${label}は500KB以内にしてください。`,
  imageType: '画像はPNG、JPEG、GIF、WebPのいずれかにしてください。',
  noQuestion: '質問を1つ以上追加してください。',
  choices: `選択肢は${MIN_CHOICES}〜${MAX_CHOICES}個にしてください。`,
  distinctChoices: '選択肢は100文字以内の異なる名前にしてください。',
  fixedOrder: 'カテゴリはおすすめ度、お客様情報、メールアドレスの順で始めてください。',
} as const;

/** The server's limit on an image's base64 text (about 500 KB of image). */
export const MAX_IMAGE_DATA_LENGTH = 700_000;
const IMAGE_TYPE = /^image\/(png|jpeg|gif|webp)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const URL_RULE = /^https?:\/\/\S+$/;

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

const image = (label: string) =>
  text.superRefine((value, ctx) => {
    if (value.length > MAX_IMAGE_DATA_LENGTH) ctx.addIssue({ code: 'custom', message: MESSAGES.imageSize(label) });
  });

/** An integer from an InputNumber (null when cleared counts as `emptyAs`). */
const integer = (check: (n: number) => string | null, emptyAs: number) =>
  z
    .number()
    .nullish()
    .superRefine((value, ctx) => {
      if (value === null || value === undefined) return;
      const message = Number.isInteger(value) ? check(value) : VALIDATION_MESSAGES.integer;
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => value ?? emptyAs);

const question = z
  .object({
    questionId: z.number().int().nonnegative().nullish().transform((value) => value ?? 0),
    questionType: z.enum(['NPS', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'RATING', 'FREE_TEXT', 'MAIL']),
    text: textField({ label: '質問文', required: true, max: 500 }),
    required: flag,
    choiceList: z
      .array(z.string().nullish())
      .nullish()
      .transform((value) => (value ?? []).map((choice) => (choice ?? '').trim()).filter((choice) => choice !== '')),
  })
  .superRefine((value, ctx) => {
    if (!hasChoices(value.questionType)) return;
    const choices = value.choiceList;
    if (choices.length < MIN_CHOICES || choices.length > MAX_CHOICES) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.choices, path: ['choiceList'] });
    } else if (new Set(choices).size !== choices.length || choices.some((choice) => choice.length > 100)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.distinctChoices, path: ['choiceList'] });
    }
  })
  .transform((value) => ({ ...value, choiceList: hasChoices(value.questionType) ? value.choiceList : [] }));

const category = z
  .object({
    categoryId: z.number().int().nonnegative().nullish().transform((value) => value ?? 0),
    categoryType: z.enum(['NPS', 'ATTRIBUTE', 'MAIL', 'NORMAL']),
    categoryName: textField({ label: 'カテゴリ名', required: true, max: 100 }),
    questionList: z
      .array(question)
      .nullish()
      .transform((value) => value ?? []),
  })
  .superRefine((value, ctx) => {
    if (value.categoryType === 'NORMAL' && value.questionList.length === 0) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.noQuestion, path: ['questionList'] });
    }
  });

export const surveyFormSchema = z
  .object({
    surveyName: textField({ label: 'アンケート名', required: true, max: 100 }),
    surveyTitle: textField({ label: 'タイトル', required: true, max: 100 }),
    surveyDescription: textField({ label: '説明', max: 2000 }),
    termsOfService: textField({ label: '利用規約', max: 10000 }),
    iconData: image('アイコン画像'),
    iconMediaType: text,
    rewardType: z.enum(['NONE', 'IMAGE', 'LINK']).nullish().transform((value) => value ?? 'NONE'),
    rewardImageData: image('特典画像'),
    rewardImageMediaType: text,
    rewardLinkName: textField({ label: 'リンク名', max: 100 }),
    rewardUrl: textField({ label: 'URL', max: 1000 }),
    fromDate: text.superRefine((value, ctx) => {
      if (!DATE.test(value)) ctx.addIssue({ code: 'custom', message: requiredMessage('開始日') });
    }),
    toDate: text.transform((value) => (value === '' ? null : value)),
    answerLimit: z.enum(['ONCE', 'DAYS', 'UNLIMITED']).nullish().transform((value) => value ?? 'ONCE'),
    answerLimitDays: integer(() => null, 0),
    answerLimitRange: z.enum(['FACILITY', 'SURVEY']).nullish().transform((value) => value ?? 'FACILITY'),
    availableImprovement: flag,
    improvementReminderNotificationTime: text.superRefine((value, ctx) => {
      const message = clockTime(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
    improvementReminderDaysBefore: integer((n) => (n < 0 || n > 31 ? MESSAGES.reminderDays : null), 0),
    targetFacilityList: idList,
    categoryList: z
      .array(category)
      .nullish()
      .transform((value) => value ?? [])
      .superRefine((categories, ctx) => {
        const fixed = FIXED_CATEGORY_TYPES.every((type, index) => categories[index]?.categoryType === type);
        if (!fixed) ctx.addIssue({ code: 'custom', message: MESSAGES.fixedOrder });
      }),
    version: z.number().int().optional(),
  })
  .superRefine((values, ctx) => {
    if (DATE.test(values.fromDate) && values.toDate !== null && values.toDate < values.fromDate) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.endBeforeStart, path: ['toDate'] });
    }
    for (const [data, mediaType] of [
      ['iconData', 'iconMediaType'],
      ['rewardImageData', 'rewardImageMediaType'],
    ] as const) {
      if (values[data] !== '' && !IMAGE_TYPE.test(values[mediaType])) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.imageType, path: [data] });
      }
    }
    if (values.rewardType === 'IMAGE' && values.rewardImageData === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage('特典画像'), path: ['rewardImageData'] });
    }
    if (values.rewardType === 'LINK' && values.rewardLinkName === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage('リンク名'), path: ['rewardLinkName'] });
    }
    if (values.rewardType === 'LINK' && values.rewardUrl === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage('URL'), path: ['rewardUrl'] });
    } else if (values.rewardUrl !== '' && !URL_RULE.test(values.rewardUrl)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.url, path: ['rewardUrl'] });
    }
    if (values.answerLimit === 'DAYS') {
      const days = values.answerLimitDays;
      const message =
        days < 1 ? minValueMessage('回答制限日数', 1) : days > 365 ? maxValueMessage('回答制限日数', 365) : null;
      if (message !== null) ctx.addIssue({ code: 'custom', message, path: ['answerLimitDays'] });
    }
  });

export type SurveyFormSchema = typeof surveyFormSchema;
export type SurveyFormValues = z.input<SurveyFormSchema>;
export type SurveyFormOutput = z.output<SurveyFormSchema>;

/** The form's values for a survey read from the server (or the server's defaults). */
export function formValuesOf(survey: Survey, { withVersion }: { withVersion: boolean }): SurveyFormValues {
  const categories: SurveyCategory[] = survey.categoryList;
  return {
    surveyName: survey.surveyName,
    surveyTitle: survey.surveyTitle,
    surveyDescription: survey.surveyDescription,
    termsOfService: survey.termsOfService,
    iconData: survey.iconData,
    iconMediaType: survey.iconMediaType,
    rewardType: survey.rewardType,
    rewardImageData: survey.rewardImageData,
    rewardImageMediaType: survey.rewardImageMediaType,
    rewardLinkName: survey.rewardLinkName,
    rewardUrl: survey.rewardUrl,
    fromDate: survey.fromDate,
    toDate: survey.toDate ?? '',
    answerLimit: survey.answerLimit,
    answerLimitDays: survey.answerLimit === 'DAYS' ? survey.answerLimitDays : survey.answerLimitDays || null,
    answerLimitRange: survey.answerLimitRange,
    availableImprovement: survey.availableImprovement,
    improvementReminderNotificationTime: survey.improvementReminderNotificationTime,
    improvementReminderDaysBefore: survey.improvementReminderDaysBefore,
    targetFacilityList: survey.targetFacilityList,
    // Copies, so editing the form never changes the query cache's object.
    categoryList: structuredClone(categories),
    ...(withVersion ? { version: survey.version } : {}),
  };
}
