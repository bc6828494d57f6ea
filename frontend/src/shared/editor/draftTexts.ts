// docs/product/shell.md#shell-behaviour: the words of a form or sheet given back after an expired session
// (DraftNotice shows them over edit forms and the check sheet alike).
export const DRAFT_RESTORED = 'ログインが切れる前の入力を復元しました。内容を確認して保存してください。';
export const DRAFT_LEFT_OUT = 'パスワードと画像は復元されません。必要なら入力し直してください。';
export const DRAFT_DISCARD = '破棄';
