/** The texts of the "no access" screen (docs/adr/0006: texts the specification leaves open). */
export const NO_ACCESS_TITLE = 'このページを表示する権限がありません';
export const NO_ACCESS_TEXT = 'この画面を使うための権限がありません。必要な場合は管理者にお問い合わせください。';
