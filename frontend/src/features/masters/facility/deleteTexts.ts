import { deleteQuestion } from '../common/messages';

/**
 * What keeps a store from being deleted (docs/product/masters.md, `facility.CanDelete`), said before
 * the server refuses.
 */
const FACILITY_DELETE_NOTE = '所属するユーザーや、チェック・アンケートの回答がある店舗は削除できません。';

/** The delete button's words for one store, the same in the list and on its form. */
export function facilityDeleteTexts(facilityName: string) {
  return {
    label: `${facilityName}を削除`,
    question: deleteQuestion('店舗', facilityName),
    description: FACILITY_DELETE_NOTE,
  };
}
