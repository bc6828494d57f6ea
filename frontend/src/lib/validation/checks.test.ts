import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { integer, isPasswordFormat, maxLength, required } from './checks';
import { maxValueMessage, minValueMessage } from './messages';
import { confirmation, fieldErrors, textField } from './zod';

describe('checks beyond the shared cases', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(maxLength('名前', 2)('𠮷𠮷')).toBeNull();
    expect(maxLength('名前', 2)('𠮷𠮷𠮷')).toBe('名前は2文字以内です。');
  });

  it('accepts every listed symbol as the fourth kind', () => {
    for (const symbol of '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~') {
      expect(isPasswordFormat(`abcdefg${symbol}`), symbol).toBe(false); // two kinds only
      expect(isPasswordFormat(`abcdef1${symbol}`), symbol).toBe(true);
    }
  });

  it('reads integers', () => {
    expect(integer('12')).toBeNull();
    expect(integer('1.5')).toBe('整数で入力してください');
    expect(integer('')).toBeNull();
  });

  it('words the value limits', () => {
    expect(maxValueMessage('金額', 100)).toBe('金額は100以下で入力してください。');
    expect(minValueMessage('金額', 1)).toBe('金額は1以上で入力してください。');
  });
});

describe('textField', () => {
  const account = textField({ label: 'ユーザーアカウント', required: true, min: 5, max: 50 });

  it('reports the first failing rule only', () => {
    const result = account.safeParse('');
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      'ユーザーアカウントは必須です',
    ]);
  });

  it('treats an untouched field as empty', () => {
    expect(account.safeParse(undefined).success).toBe(false);
    expect(textField({ label: 'メモ', max: 10 }).parse(undefined)).toBe('');
  });

  it('checks min and max', () => {
    expect(account.safeParse('abcd').error?.issues[0]?.message).toBe('ユーザーアカウントは5文字以上です。');
    expect(account.safeParse('a'.repeat(51)).error?.issues[0]?.message).toBe('ユーザーアカウントは50文字以内です。');
    expect(account.parse('abcde')).toBe('abcde');
  });
});

describe('fieldErrors', () => {
  it('maps each field to its first message, confirmation included', () => {
    const schema = z
      .object({
        currentPassword: textField({ label: '現在のパスワード', required: true }),
        password: textField({ label: '新しいパスワード', required: true }),
        confirmPassword: textField({ label: '新しいパスワード(確認)', required: true }),
      })
      .superRefine(confirmation('password', 'confirmPassword'));
    const result = schema.safeParse({ currentPassword: '', password: 'Abcdef1!', confirmPassword: 'Abcdef1?' });
    expect(result.success).toBe(false);
    expect(result.error && fieldErrors(result.error)).toEqual({
      currentPassword: '現在のパスワードは必須です',
      confirmPassword: '新しいパスワードと確認用パスワードが一致しません。',
    });
  });

  it('required wins over whitespace', () => {
    expect(required('姓')(' \u3000')).toBe('姓は必須です');
  });
});
