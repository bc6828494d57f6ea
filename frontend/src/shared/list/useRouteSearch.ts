import { useCallback } from 'react';

/** What a list screen needs of its route (`getRouteApi('/facility/')`). */
interface ListRoute<Search> {
  useSearch: () => Search;
  useNavigate: () => (options: { search: Search; replace?: boolean }) => Promise<void>;
}

/**
 * A list route's search state and its setter: the URL is the search state (docs/product/shell.md), so
 * every change is a navigation (the route's validation and default stripping apply).
 */
export function useRouteSearch<Search>(route: ListRoute<Search>) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const onSearchChange = useCallback(
    (next: Search, options?: SearchChangeOptions) => {
      void navigate(options?.replace ? { search: next, replace: true } : { search: next });
    },
    [navigate],
  );
  return { search, onSearchChange };
}

/** How a search change is recorded: `replace` corrects the current entry instead of adding one. */
export interface SearchChangeOptions {
  replace?: boolean;
}
