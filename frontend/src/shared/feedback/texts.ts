/** The button that reads again what could not be read (a failed list, a version conflict). */
export const RELOAD = '再読み込み';

/** The way from a screen back to its list, as the detail screens name it. */
export const BACK_TO_LIST = '一覧に戻る';

/** Under 「対象のデータが見つかりません。」: why, since reading again cannot bring it back. */
export const NOT_FOUND_HINT = '削除されたか、URLが正しくない可能性があります。';
