import { useMutation, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { StaticDataRouteOption } from '@tanstack/react-router';
import { loginUserQueryOptions, organizationOptionsQueryOptions } from '@/features/session/queries';
import { usesFeature } from '@/lib/auth/features';
import { mayOpen } from '@/lib/auth/roles';
import type { ApiOutcome } from '@/lib/api/outcome';
import { getCurrentOrganizationId } from '@/lib/session/currentOrganization';
import { tokyoToday } from '@/lib/time/today';

// Cache rules of edit screens. The record a form edits is read fresh on each visit and never
// refreshed behind the form's back (the form keeps the version it read). The route's loader
// reads it before the screen mounts, so the cached copy has to outlive that moment.

/** How long an unobserved record stays cached: enough for a loader's read to reach its screen. */
export const RECORD_GC_TIME = 10_000;

/** The parts of a query key that name an editor's own record (detail) or a new one (defaults). */
const EDITOR_READS = new Set<unknown>(['detail', 'defaults']);

const isEditorRead = (queryKey: QueryKey) => queryKey.some((part) => EDITOR_READS.has(part));

/**
 * After a change: everything under `queryKey` is outdated. What is on screen is read again, but
 * not an edit screen's record (the form is leaving it; after a delete it is gone); that one is
 * only marked, so its next visit reads it afresh.
 */
export async function invalidateAfterChange(queryClient: QueryClient, queryKeys: readonly QueryKey[]): Promise<void> {
  await Promise.all(
    queryKeys.map(async (queryKey) => {
      await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      await queryClient.refetchQueries({ queryKey, type: 'active', predicate: (query) => !isEditorRead(query.queryKey) });
    }),
  );
}

/**
 * A save, delete or copy of a feature as a TanStack mutation: the API answers an outcome (its
 * toast is the caller's), and a successful one invalidates `queryKeys` before the caller goes on.
 */
export function useChangeMutation<Variables, Data>(
  queryKeys: readonly QueryKey[],
  mutationFn: (variables: Variables) => Promise<ApiOutcome<Data>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (outcome) => {
      if (outcome.ok) await invalidateAfterChange(queryClient, queryKeys);
    },
  });
}

/**
 * The route loader's read of an edit screen's record, with the screen's own query options. A
 * copy no screen shows and that is marked outdated or older than RECORD_GC_TIME is dropped first:
 * each visit edits what the server has now (a hover's preload still serves its click).
 */
export function ensureRecord<Rec, Key extends QueryKey>(
  queryClient: QueryClient,
  options: UseQueryOptions<Rec, unknown, Rec, Key> & { queryKey: Key },
): Promise<Rec> {
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query && query.getObserversCount() === 0) {
    const outdated = query.state.isInvalidated || query.state.dataUpdatedAt < Date.now() - RECORD_GC_TIME;
    if (outdated) queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  }
  // ensureQueryData, as query-core now spells it: the cached copy if any, else one read.
  return queryClient.query({ ...options, staleTime: 'static' });
}

/** What prefetchRecord reads of a loader's arguments: the query cache and the route's static data. */
export interface RecordLoaderArgs {
  context: { queryClient: QueryClient };
  route: { options: { staticData?: StaticDataRouteOption } };
}

/**
 * An edit route's loader: reads the record (or a new one's defaults) with the screen's query
 * options for the acting organization. Only once signed in (before, the call would be a 401 and
 * end the session), when the user holds the route's role (else the call would be refused and the
 * shell shows no access instead, RouteAccess.tsx) and when the organization is known to use the
 * route's function (`staticData.feature`; else the shell shows its notice, or waits for the options);
 * a failed read is left to the screen, which shows it with a retry.
 */
export async function prefetchRecord<Rec, Key extends QueryKey>(
  { context: { queryClient }, route }: RecordLoaderArgs,
  optionsOf: (organizationId: number) => UseQueryOptions<Rec, unknown, Rec, Key> & { queryKey: Key },
): Promise<void> {
  const organizationId = getCurrentOrganizationId();
  const user = queryClient.getQueryData(loginUserQueryOptions.queryKey);
  if (organizationId === null || !user || !mayOpen(user.roleList, route.options.staticData?.role)) return;
  const options = queryClient.getQueryData(organizationOptionsQueryOptions(organizationId).queryKey) ?? null;
  if (!usesFeature({ isSystemAdmin: user.isSystemAdmin, options, today: tokyoToday() }, route.options.staticData?.feature)) return;
  await ensureRecord(queryClient, optionsOf(organizationId)).catch(() => undefined);
}
