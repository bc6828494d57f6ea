import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isForbidden, isNotFound, isRefusedInput } from '@/lib/api/send';
import { retryUnlessRefused } from '@/lib/api/retry';

/**
 * Background reads (constants, enums, options) fail quietly per docs/product/errors.md, so the cache
 * logs every query failure in one place; user-facing errors come from the API outcome's toast.
 * A refusal (403) is no fault: the screen shows it as the no-access screen, so it is not logged;
 * nor is refused input (400), which a screen asks with while the user types (the notification preview),
 * nor a record that is not there (404: deleted, or a wrong address), which the screen says so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: retryUnlessRefused } },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isForbidden(error) || isRefusedInput(error) || isNotFound(error)) return;
        console.error('query failed', query.queryKey, error);
      },
    }),
  });
}
