import { describe, expect, it } from 'vitest';
import { interpretAnswer } from '@/lib/api/outcome';
import { mapFieldErrors } from './serverErrors';

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
