import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { fetchData } from '@/lib/api/send';
import type { Constants } from '@/lib/api/types';
import { noteServerVersion } from '@/lib/session/versionWatch';

export const constantsKey = ['constants'] as const;

/**
 * GET /api/const: server constants (docs/product/masters.md). They change only with a release, which is
 * why they are asked again now and then (window focus after five minutes, and after logout):
 * a new version reloads the page (docs/product/shell.md#shell-behaviour).
 */
export const constantsQueryOptions = queryOptions({
  queryKey: constantsKey,
  queryFn: async () => {
    const constants = await fetchData(() => api.GET('/api/const'));
    noteServerVersion(constants.version);
    return constants;
  },
  staleTime: 5 * 60_000,
});

/** The constants, or undefined while loading or when the call failed (only logged, docs/product/errors.md). */
export function useConstants(): Constants | undefined {
  return useQuery(constantsQueryOptions).data;
}

/**
 * The app name from the server, or undefined while loading or when the call failed. A failure
 * here is only logged (docs/product/errors.md) (the query cache does that), so callers fall
 * back to a default instead of showing an error.
 */
export function useServerAppName(): string | undefined {
  return useQuery({ ...constantsQueryOptions, select: (constants) => constants.appName }).data;
}
