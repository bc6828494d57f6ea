import { describe, expect, it } from 'vitest';
import { interpretAnswer } from '@/lib/api/outcome';
import { allErrorsCleared, mapFieldErrors, staleErrors } from './serverErrors';

describe('server field errors', () => {
  it('puts each message under its field and keeps the others apart', () => {
    const outcome = interpretAnswer({
      received: true,
      status: 400,
      body: {
        code: 400,
        message: '不正な入力値があります。各入力項目を確認してください。',
        data: { fieldErrors: { facilityName: '店舗名は必須です', tel: '電話番号の形式で入力してください', other: '何か' } },
      },
    });
    expect(outcome.ok).toBe(false);
    const fieldErrors = outcome.ok ? undefined : outcome.failure.fieldErrors;
    expect(mapFieldErrors(fieldErrors, ['facilityName', 'tel', 'address'])).toEqual({
      fields: [
        { name: 'facilityName', errors: ['店舗名は必須です'] },
        { name: 'tel', errors: ['電話番号の形式で入力してください'] },
      ],
      rest: ['何か'],
    });
  });

  it('follows aliases and copes with no field errors', () => {
    expect(mapFieldErrors({ code: 'x' }, ['terminalId'], { code: 'terminalId' }).fields).toEqual([
      { name: 'terminalId', errors: ['x'] },
    ]);
    expect(mapFieldErrors(undefined, ['a'])).toEqual({ fields: [], rest: [] });
  });
});

describe('errors after an edit', () => {
  const shown = [
    { name: ['facilityIdList'], errors: ['店舗を選択してください。'] },
    { name: ['period'], errors: ['期間を入力してください。'] },
    { name: ['checkListMasterId'], errors: [] },
    { name: ['categoryList', 0, 'categoryName'], errors: ['カテゴリ名は必須です'] },
    { name: ['categoryList', 1, 'categoryName'], errors: ['カテゴリ名は必須です'] },
  ];

  it('takes away only the errors of what changed', () => {
    expect(staleErrors(shown, { facilityIdList: [11] })).toEqual([{ name: ['facilityIdList'], errors: [] }]);
    expect(staleErrors(shown, { period: null })).toEqual([{ name: ['period'], errors: [] }]);
    expect(staleErrors(shown, { checkListMasterId: 7 })).toEqual([]);
  });

  it('follows nested paths: one item of a list, or the whole list replaced', () => {
    // antd's changedValues for one field of a list: a sparse copy holding that path only.
    const changedSecond: unknown[] = [];
    changedSecond[1] = { categoryName: '冷蔵庫' };
    expect(staleErrors(shown, { categoryList: changedSecond })).toEqual([{ name: ['categoryList', 1, 'categoryName'], errors: [] }]);
    expect(staleErrors(shown, { categoryList: null })).toEqual([
      { name: ['categoryList', 0, 'categoryName'], errors: [] },
      { name: ['categoryList', 1, 'categoryName'], errors: [] },
    ]);
  });

  it('takes every error away after a save', () => {
    expect(allErrorsCleared(shown).map((field) => field.name)).toEqual([
      ['facilityIdList'],
      ['period'],
      ['categoryList', 0, 'categoryName'],
      ['categoryList', 1, 'categoryName'],
    ]);
  });
});
