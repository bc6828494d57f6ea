import { readSessionValue, writeSessionValue } from '@/lib/storage/sessionStorage';

/**
 * docs/product/shell.md: the query of each list screen is kept after every navigation, so coming back
 * to the list (from the menu, or from a detail) shows the same search. Kept per tab, under the
 * `rouder_` prefix; cleared on logout.
 */
export const LIST_SCREENS = {
  Status: '/status/',
  CheckListMaster: '/check_list_master/',
  Group: '/group/',
  Facility: '/facility/',
  User: '/user/',
  Organization: '/organization/',
  ReportFile: '/report/file/',
  HistoryFile: '/history_export/file/',
  Improvement: '/improvement/{-$improvementId}',
  Survey: '/survey/',
  SurveyResult: '/survey_result/',
  checkHistory: '/system/check_history/',
} as const;

export type ListScreen = keyof typeof LIST_SCREENS;

/** docs/product/shell.md: the survey result search before the user changes anything. */
export const SURVEY_RESULT_SEARCH_DEFAULTS = {
  surveyId: null,
  facilityName: '',
  groupId: null,
  facilityAttributeId: null,
  includeOutOfPeriod: true,
} as const;

const storageName = (screen: ListScreen) => `searchState.${screen}`;

/** The list screen a route id belongs to, if any. */
export function listScreenOf(routeId: string): ListScreen | null {
  const entry = Object.entries(LIST_SCREENS).find(([, id]) => id === routeId);
  return entry ? (entry[0] as ListScreen) : null;
}

export function saveSearchState(screen: ListScreen, search: Record<string, unknown>): void {
  const kept = Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined));
  writeSessionValue(storageName(screen), Object.keys(kept).length > 0 ? JSON.stringify(kept) : null);
}

/** The kept query of a list screen; {} when none was kept or it cannot be read. */
export function loadSearchState(screen: ListScreen): Record<string, unknown> {
  const stored = readSessionValue(storageName(screen));
  if (stored === null) return {};
  try {
    const value: unknown = JSON.parse(stored);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** After a navigation: keep the query when the route is a list screen. */
export function recordSearchState(routeId: string, search: Record<string, unknown>): void {
  const screen = listScreenOf(routeId);
  if (screen) saveSearchState(screen, search);
}

export function clearSearchStates(): void {
  for (const screen of Object.keys(LIST_SCREENS) as ListScreen[]) writeSessionValue(storageName(screen), null);
}
