// Fixed texts of the master-data screens. The server says the first two on success of a save or
// a delete (its envelope `message`); the toast shows the same words.
export const SAVED = '保存しました。';
export const DELETED = '削除しました。';
export const DELETE_CONFIRM = '削除しますか？';

/** The question naming what is deleted: 店舗「新宿駅前店」を削除しますか？ */
export const deleteQuestion = (kind: string, name: string): string => `${kind}「${name}」を削除しますか？`;
