import { useMatches, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { stringifySearch } from '@/lib/routing/searchParams';
import { LIST_SCREENS, loadSearchState, type ListScreen } from '@/lib/routing/searchState';

/** A list's address with its kept search (docs/product/shell.md), relative to the base path. */
export function listHref(screen: ListScreen): string {
  return LIST_SCREENS[screen] + stringifySearch(loadSearchState(screen));
}

/** Back to a list as the user left it (after a save or a delete). */
export function useBackToList(screen: ListScreen): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(() => navigate({ href: listHref(screen) }), [navigate, screen]);
}

/**
 * The list a detail route belongs to ('/facility/$facilityId' → Facility): the longest list route
 * the id extends. Null for a list itself and for routes of no list.
 */
export function parentListOf(routeId: string): ListScreen | null {
  let parent: ListScreen | null = null;
  for (const screen of Object.keys(LIST_SCREENS) as ListScreen[]) {
    const listId: string = LIST_SCREENS[screen];
    if (routeId === listId || !routeId.startsWith(listId)) continue;
    if (parent === null || listId.length > LIST_SCREENS[parent].length) parent = screen;
  }
  return parent;
}

/** parentListOf the route shown now. */
export function useParentList(): ListScreen | null {
  const routeId = useMatches({ select: (matches) => matches.at(-1)?.routeId });
  return routeId === undefined ? null : parentListOf(routeId);
}
