import { describe, expect, it } from 'vitest';
import { moved, newCategory, nextChoice, periodText, presetChoices, presetOf, recurrenceText } from './model';
import contract from '../../../../../backend/api/openapi.yaml?raw';
import { checkListFormSchema, formValuesOf, MAX_SCORE, MESSAGES } from './schema';
import { defaults, hygiene } from './testing';

describe('check-list editor model', () => {
  it('offers ○/△/× (2/1/0, △ and × bad as checklist.ScaleCircle) and 1〜5 (1 and 2 bad) and recognises them', () => {
    expect(presetChoices('circle')).toEqual([
      { label: '○', score: 2, bad: false },
      { label: '△', score: 1, bad: true },
      { label: '×', score: 0, bad: true },
    ]);
    expect(presetChoices('five').filter((choice) => choice.bad).map((choice) => choice.label)).toEqual(['1', '2']);
    expect(presetOf(presetChoices('five'))?.key).toBe('five');
    expect(presetOf([...presetChoices('circle'), { label: '未', score: 0, bad: true }])).toBeUndefined();
    expect(nextChoice(presetChoices('five'))).toEqual({ label: '', score: 0, bad: false });
  });

  it('moves an element, ignoring moves outside the list', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('writes periods and recurrences in Japanese', () => {
    expect(periodText('2026-05-01', '2026-05-31')).toBe('2026/05/01〜2026/05/31');
    expect(recurrenceText(1, 'MONTHS')).toBe('1か月ごと');
    expect(recurrenceText(2, 'WEEKS')).toBe('2週間ごと');
    expect(recurrenceText(7, 'DAYS')).toBe('7日ごと');
  });

  it('starts a new list from the defaults with one empty category, and keeps ids and version of a read one', () => {
    const fresh = formValuesOf(defaults, { withVersion: false });
    expect(fresh).toMatchObject({ fromDate: '2026-05-01', toDate: '2026-05-31', nextInterval: 1, nextDuration: 'MONTHS' });
    expect(fresh.categoryList).toEqual([newCategory()]);
    expect(fresh).not.toHaveProperty('version');
    const read = formValuesOf(hygiene, { withVersion: true });
    expect(read.version).toBe(4);
    expect(read.categoryList?.[0]?.itemList?.map((item) => item.itemId)).toEqual([101, 102]);
    expect(read.categoryList).not.toBe(hygiene.categoryList);
  });
});

describe('check-list form schema (the server\'s rules)', () => {
  it('bounds a choice\'s score as the contract does (CheckChoice.score)', () => {
    expect(contract).toContain(`score: { type: integer, minimum: -${String(MAX_SCORE)}, maximum: ${String(MAX_SCORE)}`);
  });

  const valid = formValuesOf(hygiene, { withVersion: true });
  const messageAt = (values: unknown, path: string) =>
    checkListFormSchema.safeParse(values).error?.issues.find((issue) => issue.path.join('.') === path)?.message;

  it('accepts a complete list', () => {
    expect(checkListFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ checkListMasterName: '' }, 'checkListMasterName', 'チェックリスト名は必須です'],
    [{ checkListMasterName: 'あ'.repeat(101) }, 'checkListMasterName', 'チェックリスト名は100文字以内です。'],
    [{ fromDate: '' }, 'fromDate', '開始日は必須です'],
    [{ fromDate: '2026-03-01', toDate: '2026-02-28' }, 'toDate', MESSAGES.endBeforeStart],
    [{ nextInterval: 0 }, 'nextInterval', '繰り返し間隔は1以上で入力してください。'],
    [{ nextInterval: 366 }, 'nextInterval', '繰り返し間隔は365以下で入力してください。'],
    [{ startNotificationTime: '25:00' }, 'startNotificationTime', '時刻はHH:MMの形式で入力してください。'],
    [{ reminderDaysBefore: 32 }, 'reminderDaysBefore', 'リマインド日数は0から31の間で入力してください。'],
    [{ improvementReminderDaysBefore: -1 }, 'improvementReminderDaysBefore', '改善リマインド日数は0から31の間で入力してください。'],
    [{ categoryList: [] }, 'categoryList', 'カテゴリを1つ以上追加してください。'],
  ])('%j -> %s: %s', (patch, path, message) => {
    expect(messageAt({ ...valid, ...patch }, path)).toBe(message);
  });

  it('checks categories and items where they are', () => {
    const category = valid.categoryList?.[0];
    const item = category?.itemList?.[0];
    if (!category || !item) throw new Error('fixture');
    const withItem = (patch: object) => ({ ...valid, categoryList: [{ ...category, itemList: [{ ...item, ...patch }] }] });
    expect(messageAt({ ...valid, categoryList: [{ ...category, categoryName: '' }] }, 'categoryList.0.categoryName')).toBe(
      'カテゴリ名は必須です',
    );
    expect(messageAt({ ...valid, categoryList: [{ ...category, itemList: [] }] }, 'categoryList.0.itemList')).toBe(
      '項目を1つ以上追加してください。',
    );
    expect(messageAt(withItem({ question: 'あ'.repeat(501) }), 'categoryList.0.itemList.0.question')).toBe('質問は500文字以内です。');
    expect(messageAt(withItem({ explanation: 'あ'.repeat(1001) }), 'categoryList.0.itemList.0.explanation')).toBe('説明は1000文字以内です。');
    expect(
      messageAt(withItem({ choiceList: [{ label: 'あ'.repeat(21), score: 1, bad: false }, { label: '×', score: 0, bad: true }] }), 'categoryList.0.itemList.0.choiceList'),
    ).toBe('選択肢名は20文字以内です。');
    expect(messageAt(withItem({ choiceList: [{ label: '○', score: 1, bad: false }] }), 'categoryList.0.itemList.0.choiceList')).toBe(
      MESSAGES.scale,
    );
    expect(
      messageAt(
        withItem({ choiceList: [{ label: '○', score: 1, bad: false }, { label: '○', score: 0, bad: true }] }),
        'categoryList.0.itemList.0.choiceList',
      ),
    ).toBe(MESSAGES.scale);
    expect(
      messageAt(withItem({ choiceList: [{ label: '○', score: null, bad: false }, { label: '×', score: 0, bad: true }] }), 'categoryList.0.itemList.0.choiceList'),
    ).toBe('点数は必須です');
    expect(
      messageAt(withItem({ choiceList: [{ label: '○', score: 1000, bad: false }, { label: '×', score: 0, bad: true }] }), 'categoryList.0.itemList.0.choiceList'),
    ).toBe('点数は-999〜999で入力してください。');
    expect(
      messageAt(withItem({ choiceList: [{ label: '○', score: 999, bad: false }, { label: '×', score: -999, bad: true }] }), 'categoryList.0.itemList.0.choiceList'),
    ).toBeUndefined();
  });
});
