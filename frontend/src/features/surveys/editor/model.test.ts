import { describe, expect, it } from 'vitest';
import { imageKind, periodText, splitDataUrl, stageOn } from './model';
import { formValuesOf, surveyFormSchema } from './schema';
import { surveyDefaults, visit } from './testing';

describe('survey model', () => {
  it('tells the stage of a period on a Tokyo date, both ends inclusive, the end optional', () => {
    expect(stageOn('2026-06-01', null, '2026-05-31')).toBe('NOT_YET_OPEN');
    expect(stageOn('2026-06-01', null, '2026-06-01')).toBe('OPEN');
    expect(stageOn('2026-06-01', null, '2030-01-01')).toBe('OPEN');
    expect(stageOn('2026-06-01', '2026-06-30', '2026-06-30')).toBe('OPEN');
    expect(stageOn('2026-06-01', '2026-06-30', '2026-07-01')).toBe('CLOSED');
  });

  it('writes a period with or without its end', () => {
    expect(periodText('2026-06-01', null)).toBe('2026/06/01〜');
    expect(periodText('2026-06-01', '2026-06-30')).toBe('2026/06/01〜2026/06/30');
  });

  it('splits a data URL into media type and base64', () => {
    expect(splitDataUrl('data:image/png;base64,iVBORw0=')).toEqual({ mediaType: 'image/png', data: 'iVBORw0=' });
  });
});

/** The element at `index`, or a failed test. */
function at<T>(list: readonly T[] | null | undefined, index: number): T {
  const element = list?.[index];
  if (element === undefined) throw new Error(`nothing at ${String(index)}`);
  return element;
}

describe('survey form schema', () => {
  const parse = (patch: Record<string, unknown>) =>
    surveyFormSchema.safeParse({ ...formValuesOf(surveyDefaults, { withVersion: false }), surveyName: 'a', surveyTitle: 'b', ...patch });
  const messages = (patch: Record<string, unknown>) =>
    Object.fromEntries((parse(patch).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it('takes the server defaults as they are and sends no end as null', () => {
    const result = parse({});
    expect(result.success).toBe(true);
    expect(result.data?.toDate).toBeNull();
    expect(result.data?.categoryList.map((category) => category.categoryType)).toEqual(['NPS', 'ATTRIBUTE', 'MAIL']);
  });

  it('says what the server would say, on the field concerned', () => {
    expect(messages({ surveyName: '', toDate: '2026-05-01', rewardType: 'LINK', rewardUrl: 'ftp://x', answerLimit: 'DAYS' })).toEqual({
      surveyName: 'アンケート名は必須です',
      toDate: '終了日は開始日以降の日付にしてください。',
      rewardLinkName: 'リンク名は必須です',
      rewardUrl: 'URLはhttp://またはhttps://で始まる形式で入力してください。',
      answerLimitDays: '回答制限日数は1以上で入力してください。',
    });
    expect(messages({ rewardType: 'IMAGE' })).toEqual({ rewardImageData: '特典画像は必須です' });
    expect(messages({ iconData: 'AAAA', iconMediaType: 'image/bmp' })).toEqual({
      iconData: '画像はPNG、JPEG、GIF、WebPのいずれかにしてください。',
    });
    expect(messages({ improvementReminderDaysBefore: 32 })).toEqual({
      improvementReminderDaysBefore: '改善リマインド日数は0から31の間で入力してください。',
    });
  });

  it('checks categories and questions: the fixed three first, choices, texts, a question per category', () => {
    const values = formValuesOf(visit, { withVersion: true });
    const categories = structuredClone(values.categoryList ?? []);
    at(categories, 3).questionList = [];
    at(at(categories, 4).questionList, 0).choiceList = ['コーヒー', 'コーヒー'];
    const menu = at(categories, 4);
    menu.questionList = [
      ...(menu.questionList ?? []),
      { questionId: 0, questionType: 'SINGLE_CHOICE', text: '', required: false, choiceList: ['a'] },
    ];
    expect(messages({ categoryList: categories })).toEqual({
      'categoryList.3.questionList': '質問を1つ以上追加してください。',
      'categoryList.4.questionList.0.choiceList': '選択肢は100文字以内の異なる名前にしてください。',
      'categoryList.4.questionList.1.text': '質問文は必須です',
      'categoryList.4.questionList.1.choiceList': '選択肢は2〜20個にしてください。',
    });
    expect(messages({ categoryList: [categories[1], categories[0], categories[2]] })).toEqual({
      categoryList: 'カテゴリはおすすめ度、お客様情報、メールアドレスの順で始めてください。',
    });
  });

  it('drops empty choice lines, and the choices of questions that take none', () => {
    const values = formValuesOf(visit, { withVersion: true });
    const categories = structuredClone(values.categoryList ?? []);
    at(at(categories, 4).questionList, 0).choiceList = ['コーヒー', '', ' ケーキ ', ''];
    at(at(categories, 3).questionList, 0).choiceList = ['x'];
    const result = parse({ categoryList: categories });
    expect(result.data?.categoryList[4]?.questionList[0]?.choiceList).toEqual(['コーヒー', 'ケーキ']);
    expect(result.data?.categoryList[3]?.questionList[0]?.choiceList).toEqual([]);
  });
});

describe('imageKind', () => {
  it('reads an image by its first bytes, as the server does, not by the name the file was given', () => {
    const b64 = (bytes: string) => btoa(bytes);
    expect(imageKind(b64('\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR'))).toBe('image/png');
    expect(imageKind(b64('\xff\xd8\xff\xe0\x00\x10JFIF'))).toBe('image/jpeg');
    expect(imageKind(b64('GIF89a\x01\x00\x01\x00'))).toBe('image/gif');
    expect(imageKind(b64('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(imageKind(b64('hello, world'))).toBe('');
    expect(imageKind(b64('<svg xmlns='))).toBe('');
    expect(imageKind('%%%%')).toBe('');
  });
});
