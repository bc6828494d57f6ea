/** The parts of a location the leave prompt compares (TanStack Router's blocker gives these). */
export interface LeaveLocation {
  routeId: string;
  params: Record<string, unknown>;
}

/** The parameter that only switches a tab inside one screen; changing it is not leaving. */
const TAB_PARAM = 'tab';

/**
 * docs/product/shell.md: moving to a different route, or to the same route with different parameters
 * other than the tab, is leaving the page (and asks first while a form has unsaved changes).
 * A change of the query alone (a list's filters) is not.
 */
export function isLeaving(current: LeaveLocation, next: LeaveLocation): boolean {
  if (current.routeId !== next.routeId) return true;
  const keys = new Set([...Object.keys(current.params), ...Object.keys(next.params)]);
  keys.delete(TAB_PARAM);
  return [...keys].some((key) => String(current.params[key]) !== String(next.params[key]));
}

/** docs/product/errors.md: the leave prompt. */
export const LEAVE_PROMPT = 'このページから移動しますか？';
export const LEAVE_PROMPT_DETAIL = '変更内容が保存されない可能性があります。';
