import { describe, expect, it } from 'vitest';
import answerRules from '../../../../../backend/internal/domain/checklist/answer.go?raw';
import submissionCases from '../../../../../backend/internal/domain/checklist/testdata/submission_cases.json?raw';
import {
  answeredCount,
  answerList,
  draftsOf,
  EMPTY_DRAFT,
  INCOMPLETE,
  incompleteItems,
  initialInputDate,
  itemErrorsOf,
  periodRunning,
  photoUrl,
} from './sheetState';
import { answeredSheet, FROM, hygieneSheet, TO } from './testing';
import { dueText, progressTag } from './texts';

describe('answering state', () => {
  it('starts from the saved answers, an unanswered item empty', () => {
    expect(draftsOf(hygieneSheet)[1]).toEqual(EMPTY_DRAFT);
    expect(draftsOf(answeredSheet())[2]).toEqual({ choice: '○', comment: '', inapplicable: false, photoIds: [31] });
    expect(answeredCount(answeredSheet(), draftsOf(answeredSheet()))).toBe(3);
  });

  it('counts a choice or inapplicable as answered, a comment alone not', () => {
    const drafts = {
      1: { ...EMPTY_DRAFT, comment: 'メモ' },
      2: { ...EMPTY_DRAFT, inapplicable: true },
      3: { ...EMPTY_DRAFT, choice: '×' },
    };
    expect(answeredCount(hygieneSheet, drafts)).toBe(2);
  });

  it('sends what was entered and clears what was saved, never a choice with inapplicable', () => {
    const saved = answeredSheet();
    const drafts = {
      1: EMPTY_DRAFT, // was ○: sent empty, so the server forgets it
      2: { choice: '○', comment: '', inapplicable: true, photoIds: [] },
      3: { ...EMPTY_DRAFT, choice: '×', comment: '温度計が故障' },
    };
    expect(answerList(saved, drafts, '2026-11-05')).toEqual([
      { itemId: 1, choice: '', comment: '', inapplicable: false, photoIdList: [], inputDate: '2026-11-05' },
      { itemId: 2, choice: '', comment: '', inapplicable: true, photoIdList: [], inputDate: '2026-11-05' },
      { itemId: 3, choice: '×', comment: '温度計が故障', inapplicable: false, photoIdList: [], inputDate: '2026-11-05' },
    ]);
    // Nothing saved, nothing entered: nothing sent.
    expect(answerList(hygieneSheet, draftsOf(hygieneSheet), '2026-11-05')).toEqual([]);
  });

  it('dates the answers as saved, else today kept inside the period', () => {
    expect(initialInputDate(answeredSheet(), '2099-01-01')).toBe(FROM);
    const period = { ...hygieneSheet, fromDate: '2026-11-01', toDate: '2026-11-30' };
    expect(initialInputDate(period, '2026-11-22')).toBe('2026-11-22');
    expect(initialInputDate(period, '2026-12-01')).toBe('2026-11-30');
    expect(initialInputDate(period, '2026-10-31')).toBe('2026-11-01');
  });

  it('finds what submitting would be refused for, in the sheet\'s order, as the server does', () => {
    const drafts = draftsOf(hygieneSheet);
    expect(incompleteItems(hygieneSheet, drafts)).toEqual([
      [1, '未回答です。'],
      [2, '未回答です。'],
      [3, '未回答です。'],
    ]);
    const answered = { ...drafts, 1: { ...EMPTY_DRAFT, choice: '○' }, 2: { ...EMPTY_DRAFT, choice: '○' }, 3: { ...EMPTY_DRAFT, inapplicable: true } };
    // Item 2 needs a photo, unless it is inapplicable.
    expect(incompleteItems(hygieneSheet, answered)).toEqual([[2, '写真が必要です。']]);
    expect(incompleteItems(hygieneSheet, { ...answered, 2: { ...EMPTY_DRAFT, inapplicable: true } })).toEqual([]);
    expect(incompleteItems(hygieneSheet, { ...answered, 2: { ...EMPTY_DRAFT, choice: '×', photoIds: [31] } })).toEqual([]);
    expect(incompleteItems(answeredSheet(), draftsOf(answeredSheet()))).toEqual([]);
  });

  // The server is tested against the same cases (domain/checklist/submission_cases_test.go).
  const shared = JSON.parse(submissionCases) as {
    cases: {
      name: string;
      photoRequired: boolean;
      answer: { choice: string; inapplicable: boolean; comment: string; photos: number } | null;
      refused: string;
    }[];
  };
  it.each(shared.cases)('marks "$name" as the server refuses it (testdata/submission_cases.json)', (c) => {
    const template = hygieneSheet.categoryList[0]?.itemList[0];
    if (!template) throw new Error('no item to copy');
    const sheet = {
      ...hygieneSheet,
      categoryList: [
        {
          categoryId: 1,
          categoryName: '共通',
          itemList: [{ ...template, itemId: 7, photoRequired: c.photoRequired, inapplicableAllowed: true }],
        },
      ],
    };
    const drafts = c.answer
      ? {
          7: {
            choice: c.answer.choice,
            inapplicable: c.answer.inapplicable,
            comment: c.answer.comment,
            photoIds: Array.from({ length: c.answer.photos }, (_, i) => i + 1),
          },
        }
      : {};
    expect(incompleteItems(sheet, drafts)).toEqual(c.refused === '' ? [] : [[7, c.refused]]);
  });

  it.each(Object.values(INCOMPLETE))('says %s in the server\'s words (domain/checklist/answer.go)', (message) => {
    expect(answerRules).toContain(`"${message}"`);
  });

  it('reads the server\'s item errors by item id', () => {
    expect(itemErrorsOf({ item2: '写真が必要です。', item13: '未回答です。', comment: '?' })).toEqual({
      items: { 2: '写真が必要です。', 13: '未回答です。' },
      rest: ['?'],
    });
    expect(itemErrorsOf(undefined)).toEqual({ items: {}, rest: [] });
  });

  it('knows when a period runs, how its deadline reads and where a check stands', () => {
    expect(periodRunning({ fromDate: FROM, toDate: TO }, FROM)).toBe(true);
    expect(periodRunning({ fromDate: '2026-11-01', toDate: '2026-11-30' }, '2026-12-01')).toBe(false);
    expect(dueText('2026-11-30', '2026-11-22')).toBe('あと8日');
    expect(dueText('2026-11-22', '2026-11-22')).toBe('今日まで');
    expect(dueText('2026-11-21', '2026-11-22')).toBe('期限切れ');
    expect(progressTag({ progress: 'CHECKED', submitted: true }).text).toBe('提出済み');
    expect(progressTag({ progress: 'CHECKED', submitted: false }).text).toBe('未提出');
    expect(progressTag({ progress: 'IN_PROGRESS', submitted: false }).text).toBe('回答中');
    expect(progressTag({ progress: 'UNCHECKED', submitted: false }).text).toBe('未回答');
  });

  it('addresses photos with the acting organization', () => {
    expect(photoUrl(7, 2, true)).toBe('/api/photo/7/thumbnail?ORG_ID=2');
    expect(photoUrl(7, 2, false)).toBe('/api/photo/7?ORG_ID=2');
    expect(photoUrl(7, null, false)).toBe('/api/photo/7');
  });
});
