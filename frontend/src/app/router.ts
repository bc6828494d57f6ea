import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from '@/lib/routing/searchParams';
import { routeTree } from '@/routeTree.gen';
import { RouteError } from './shell/RouteError';

/** Where the console is served (docs/product/constants.md); vite.config.ts `base` matches it. */
export const BASE_PATH = '/home';

/** What loaders and `beforeLoad` receive, so they can prefetch with the same query options. */
export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    basepath: BASE_PATH,
    context: { queryClient },
    // Routes are written both ways (/status/ and /organization/add); keep what was asked for.
    trailingSlash: 'preserve',
    defaultPreload: 'intent',
    // Route data comes from TanStack Query, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // docs/product/shell.md: some list parameters stay text (dates, names of types).
    parseSearch,
    stringifySearch,
    defaultErrorComponent: RouteError,
    ...(history ? { history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
