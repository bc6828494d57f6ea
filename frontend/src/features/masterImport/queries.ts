import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import type { Page } from '@/shared/list/types';
import { masterImportApi, type RowQuery } from './api';
import type { MasterImport, MasterImportRow } from './types';

export const masterImportKeys = {
  all: (organizationId: number) => ['masterImports', organizationId] as const,
  list: (organizationId: number, query: { page: number; size: number }) => [...masterImportKeys.all(organizationId), 'list', query] as const,
  one: (organizationId: number, importId: number) => [...masterImportKeys.all(organizationId), 'one', importId] as const,
  rows: (organizationId: number, importId: number, query: RowQuery) =>
    [...masterImportKeys.all(organizationId), 'rows', importId, query] as const,
};

/** How often the screen asks again while an import is being previewed or applied. */
export const IMPORT_POLL_MS = 1000;

export const working = (im: MasterImport) => im.status === 'PREVIEWING' || im.status === 'APPLYING';

/** Past imports, newest first; polled while one of them is at work. */
export const importListQuery = (organizationId: number, query: { page: number; size: number }) =>
  queryOptions<Page<MasterImport>, Error, Page<MasterImport>, ReturnType<typeof masterImportKeys.list>>({
    queryKey: masterImportKeys.list(organizationId, query),
    queryFn: () => masterImportApi.list(query),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some(working) ? IMPORT_POLL_MS : false),
  });

/** One import; polled while it is previewed or applied. */
export const importQuery = (organizationId: number, importId: number) =>
  queryOptions<MasterImport, Error, MasterImport, ReturnType<typeof masterImportKeys.one>>({
    queryKey: masterImportKeys.one(organizationId, importId),
    queryFn: () => masterImportApi.get(importId),
    retry: retryUnlessRefused,
    refetchInterval: (q) => (q.state.data && working(q.state.data) ? IMPORT_POLL_MS : false),
  });

/** A page of a plan's rows. */
export const importRowsQuery = (organizationId: number, importId: number, query: RowQuery) =>
  queryOptions<Page<MasterImportRow>, Error, Page<MasterImportRow>, ReturnType<typeof masterImportKeys.rows>>({
    queryKey: masterImportKeys.rows(organizationId, importId, query),
    queryFn: () => masterImportApi.rows(importId, query),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
