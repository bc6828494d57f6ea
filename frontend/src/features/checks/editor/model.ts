import type { CheckCategory, CheckChoice, CheckItem, NextDuration } from './types';

// Pure pieces of the check-list editor: scale presets, new rows, reordering and the texts the
// list shows for a period and its recurrence.

export const DURATIONS: readonly { value: NextDuration; label: string }[] = [
  { value: 'DAYS', label: '日' },
  { value: 'WEEKS', label: '週間' },
  { value: 'MONTHS', label: 'か月' },
];

const durationLabel = (unit: string) => DURATIONS.find((duration) => duration.value === unit)?.label ?? unit;

/** "1か月ごと", "2週間ごと", "7日ごと". */
export function recurrenceText(interval: number, unit: string): string {
  return `${interval}${durationLabel(unit)}ごと`;
}

export { periodText } from '@/shared/dates/format';

export interface ScalePreset {
  key: string;
  label: string;
  choices: readonly CheckChoice[];
}

/**
 * The scales offered ready-made; anything else is built choice by choice. ○/△/× is the server's
 * checklist.ScaleCircle (the demo lists use it), so a list made here and a seeded one read alike.
 */
export const SCALE_PRESETS: readonly ScalePreset[] = [
  {
    key: 'circle',
    label: '○/△/×',
    choices: [
      { label: '○', score: 2, bad: false },
      { label: '△', score: 1, bad: true },
      { label: '×', score: 0, bad: true },
    ],
  },
  {
    key: 'five',
    label: '1〜5',
    choices: [1, 2, 3, 4, 5].map((score) => ({ label: String(score), score, bad: score <= 2 })),
  },
];

export const MIN_CHOICES = 2;
export const MAX_CHOICES = 10;

/** A fresh copy of a preset's choices (the form must not share the constant's objects). */
export function presetChoices(key: string): CheckChoice[] {
  const preset = SCALE_PRESETS.find((candidate) => candidate.key === key) ?? SCALE_PRESETS[0];
  return (preset?.choices ?? []).map((choice) => ({ ...choice }));
}

/** The preset a scale equals, if any (labels, scores and bad marks all the same). */
export function presetOf(choices: readonly CheckChoice[] | undefined): ScalePreset | undefined {
  if (!choices) return undefined;
  return SCALE_PRESETS.find(
    (preset) =>
      preset.choices.length === choices.length &&
      preset.choices.every((choice, index) => {
        const other = choices[index];
        return other !== undefined && other.label === choice.label && other.score === choice.score && other.bad === choice.bad;
      }),
  );
}

/** The choice added by "選択肢を追加": one point below the lowest so far, not bad. */
export function nextChoice(choices: readonly CheckChoice[]): CheckChoice {
  const lowest = choices.reduce((min, choice) => Math.min(min, Number.isFinite(choice.score) ? choice.score : 0), Infinity);
  return { label: '', score: Number.isFinite(lowest) ? Math.max(0, lowest - 1) : 0, bad: false };
}

/** A new item: no id yet (the server gives one), the ○/△/× scale. */
export function newItem(): CheckItem {
  return {
    itemId: 0,
    question: '',
    explanation: '',
    choiceList: presetChoices('circle'),
    photoRequired: false,
    inapplicableAllowed: false,
  };
}

/** A new category with one empty item to fill in. */
export function newCategory(): CheckCategory {
  return { categoryId: 0, categoryName: '', itemList: [newItem()] };
}

/** `list` with the element at `from` moved to `to` (indexes outside the list change nothing). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from < 0 || from >= copy.length || to < 0 || to >= copy.length || from === to) return copy;
  const [element] = copy.splice(from, 1);
  copy.splice(to, 0, element as T);
  return copy;
}

/** How many items the categories hold (what a store answers). */
export function itemCount(categories: readonly CheckCategory[]): number {
  return categories.reduce((sum, category) => sum + category.itemList.length, 0);
}
