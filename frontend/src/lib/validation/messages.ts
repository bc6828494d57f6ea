// The input messages of docs/product/validation.md, word for word. The server says the same
// (backend/internal/domain/validation); backend/api/validation-cases.json is asserted by both.

/** The symbols a password may contain. */
export const PASSWORD_SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

export const VALIDATION_MESSAGES = {
  requiredBare: '必須です',
  password: `パスワードは8文字以上で英大文字、英小文字、数字、記号(${PASSWORD_SYMBOLS})の中から三種類を含む必要があります`,
  phone: '電話番号の形式で入力してください',
  email: 'メールアドレスの形式で入力してください。',
  integer: '整数で入力してください',
  ascii: 'ASCII文字のみを入力してください。',
  passwordMismatch: '新しいパスワードと確認用パスワードが一致しません。',
  clockTime: '時刻はHH:MMの形式で入力してください。',
  invalidForm: '不正な入力値があります。各入力項目を確認してください。',
} as const;

export const requiredMessage = (label: string): string =>
  label ? `${label}は必須です` : VALIDATION_MESSAGES.requiredBare;
export const maxLengthMessage = (label: string, n: number): string => `${label}は${n}文字以内です。`;
export const minLengthMessage = (label: string, n: number): string => `${label}は${n}文字以上です。`;
export const maxValueMessage = (label: string, n: number): string => `${label}は${n}以下で入力してください。`;
export const minValueMessage = (label: string, n: number): string => `${label}は${n}以上で入力してください。`;
