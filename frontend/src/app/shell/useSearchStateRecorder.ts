import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { recordSearchState } from '@/lib/routing/searchState';

/** docs/product/shell.md: after each navigation, a list screen's query is kept (see searchState). */
export function useSearchStateRecorder(): void {
  const resolved = useRouterState({
    select: (state) =>
      state.status === 'idle' ? { routeId: state.matches.at(-1)?.routeId, search: state.location.search } : null,
    structuralSharing: true,
  });
  useEffect(() => {
    if (resolved?.routeId) recordSearchState(resolved.routeId, resolved.search);
  }, [resolved]);
}
