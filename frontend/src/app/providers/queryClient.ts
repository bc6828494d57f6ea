import { QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * Background reads (constants, enums, options) fail quietly per SPEC section 7, so the cache
 * logs every query failure in one place; user-facing errors come from the API outcome's toast.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        console.error('query failed', query.queryKey, error);
      },
    }),
  });
}
