import type { OrganizationOptions } from '@/lib/api/types';

/**
 * The functions an organization may not use, by its options (docs/product/shell.md), with the name
 * the console gives each. The menu hides their entries and their routes show a notice instead of the
 * screen, both by `usesFeature`, as roles go by `mayOpen`.
 */
export const FEATURE_NAMES = {
  improvement: '改善報告',
  survey: 'アンケート',
  terminal: '端末',
} as const;

export type Feature = keyof typeof FEATURE_NAMES;

/** What decides whether the acting organization uses a function. */
export interface FeatureContext {
  isSystemAdmin: boolean;
  /** Options of the acting organization; null while unknown or when none is acted in. */
  options: Pick<OrganizationOptions, 'availableImprovement' | 'availableSurvey' | 'surveyStartDate' | 'checkinType'> | null;
  /** Today's Tokyo date, YYYY-MM-DD. */
  today: string;
}

const RULES: Record<Feature, (context: FeatureContext) => boolean> = {
  improvement: (c) => c.options?.availableImprovement === true,
  // Surveys are available and their start date has come; a system administrator always has them
  // (so does the server: app/survey's `allowed`).
  survey: (c) => {
    if (c.isSystemAdmin) return true;
    const start = c.options?.surveyStartDate;
    return c.options?.availableSurvey === true && typeof start === 'string' && start <= c.today;
  },
  // Unknown options count as the default check-in type, NO_TERMINAL (docs/product/masters.md).
  terminal: (c) => (c.options?.checkinType ?? 'NO_TERMINAL') !== 'NO_TERMINAL',
};

/** Whether the acting organization uses `feature` (none: a route or entry of no option). */
export function usesFeature(context: FeatureContext, feature: Feature | undefined): boolean {
  return feature === undefined || RULES[feature](context);
}
