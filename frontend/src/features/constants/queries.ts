import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { fetchData } from '@/lib/api/send';

/** GET /api/const: server constants (SPEC section 3); they change only with a release. */
export const constantsQueryOptions = queryOptions({
  queryKey: ['constants'],
  queryFn: () => fetchData(() => api.GET('/api/const')),
  staleTime: Infinity,
});

/**
 * The app name from the server, or undefined while loading or when the call failed. SPEC
 * section 7 says a failure here is only logged (the query cache does that), so callers fall
 * back to a default instead of showing an error.
 */
export function useServerAppName(): string | undefined {
  return useQuery({ ...constantsQueryOptions, select: (constants) => constants.appName }).data;
}
