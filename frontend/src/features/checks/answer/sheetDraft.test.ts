import { describe, expect, it } from 'vitest';
import { keptSheet, restoredSheet } from './sheetDraft';
import { draftsOf } from './sheetState';
import { answeredSheet, FROM, hygieneSheet, TO, TODAY } from './testing';

describe('keptSheet', () => {
  it('keeps only the items and the date that differ from the sheet as read', () => {
    const drafts = draftsOf(answeredSheet());
    expect(keptSheet(answeredSheet(), drafts, FROM, FROM)).toBeNull();

    const changed = { ...drafts, 2: { choice: '', comment: '鏡が曇っている', inapplicable: true, photoIds: [31, 44] } };
    expect(keptSheet(answeredSheet(), changed, FROM, FROM)).toEqual({
      items: { 2: { choice: '', comment: '鏡が曇っている', inapplicable: true, photoIds: [31, 44] } },
    });
    expect(keptSheet(answeredSheet(), drafts, TODAY, FROM)).toEqual({ inputDate: TODAY, items: {} });
  });

  it('is plain JSON', () => {
    const drafts = { ...draftsOf(hygieneSheet), 1: { choice: '○', comment: '', inapplicable: false, photoIds: [] } };
    const kept = keptSheet(hygieneSheet, drafts, TODAY, TODAY);
    expect(JSON.parse(JSON.stringify(kept))).toEqual(kept);
  });
});

describe('restoredSheet', () => {
  const kept = { items: { 1: { choice: '×', comment: 'レジ下', inapplicable: false, photoIds: [7] } } };

  it('puts the kept items over the server\'s answers and leaves the others as saved', () => {
    const restored = restoredSheet(answeredSheet(), kept, TODAY);
    expect(restored?.inputDate).toBeNull();
    expect(restored?.drafts[1]).toEqual({ choice: '×', comment: 'レジ下', inapplicable: false, photoIds: [7] });
    expect(restored?.drafts[3]).toEqual(draftsOf(answeredSheet())[3]);
  });

  it('lets go of what the sheet no longer takes', () => {
    // A choice its scale does not have, inapplicable where not allowed, an item not on the sheet.
    expect(restoredSheet(hygieneSheet, { items: { 1: { ...kept.items[1], choice: '5' } } }, TODAY)).toBeNull();
    expect(restoredSheet(hygieneSheet, { items: { 1: { ...kept.items[1], choice: '', inapplicable: true } } }, TODAY)).toBeNull();
    expect(restoredSheet(hygieneSheet, { items: { 99: kept.items[1] } }, TODAY)).toBeNull();
    // A date outside the period or in the future.
    expect(restoredSheet(hygieneSheet, { inputDate: '2000-01-01', items: {} }, TODAY)).toBeNull();
    expect(restoredSheet(hygieneSheet, { inputDate: FROM, items: {} }, '2000-01-01')).toBeNull();
    expect(restoredSheet(hygieneSheet, { inputDate: FROM, items: {} }, TO)).toEqual({ drafts: draftsOf(hygieneSheet), inputDate: FROM });
  });

  it('reads nothing from anything else', () => {
    for (const stored of [null, 'x', [], { items: [] }, { items: { 1: { choice: 1 } } }, { items: { 1: { ...kept.items[1], photoIds: ['a'] } } }]) {
      expect(restoredSheet(hygieneSheet, stored, TODAY)).toBeNull();
    }
  });
});
