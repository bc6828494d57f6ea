import { useNavigate } from '@tanstack/react-router';
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
