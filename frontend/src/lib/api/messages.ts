/** The fixed texts of docs/product/errors.md, shown when the server gave no message of its own. */
export const API_MESSAGES = {
  noResponse: '接続できませんでした。',
  sessionTimedOut: 'タイムアウトしました。再度ログインしてください。',
  forbidden: '権限がありません。管理者までご連絡ください。',
  unknown: '不明なエラーが発生しました。システム管理者までご連絡ください。',
} as const;

/** How long a success toast stays (docs/product/constants.md). */
export const SUCCESS_TOAST_MS = 10_000;
