import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { exportApi, type HistoryFileListQuery } from './api';
import { pollWhileMaking } from '@/shared/files/madeFile';
import type { Page } from '@/shared/list/types';
import type { HistoryFile } from './types';

export const exportKeys = {
  all: (organizationId: number) => ['exports', organizationId] as const,
  list: (organizationId: number, query: HistoryFileListQuery) => [...exportKeys.all(organizationId), 'list', query] as const,
};

/** The file list; polled while any file on the page is being made, then quiet. */
export const historyFileListQuery = (organizationId: number, query: HistoryFileListQuery) =>
  queryOptions<Page<HistoryFile>, Error, Page<HistoryFile>, ReturnType<typeof exportKeys.list>>({
    queryKey: exportKeys.list(organizationId, query),
    queryFn: () => exportApi.list(query),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileMaking,
  });
