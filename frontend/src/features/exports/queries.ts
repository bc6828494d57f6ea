import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { exportApi, type HistoryFileListQuery } from './api';
import type { HistoryFile } from './types';

/** How often the list asks again while a file is being made (progress is written as rows pass). */
export const PROGRESS_POLL_MS = 1500;

export const exportKeys = {
  all: (organizationId: number) => ['exports', organizationId] as const,
  list: (organizationId: number, query: HistoryFileListQuery) => [...exportKeys.all(organizationId), 'list', query] as const,
};

/** Whether a file is still waiting or being made. */
export const inProgress = (file: HistoryFile) => file.status === 'QUEUED' || file.status === 'RUNNING';

/** The file list; polled while any file on the page is being made, then quiet. */
export const historyFileListQuery = (organizationId: number, query: HistoryFileListQuery) =>
  queryOptions({
    queryKey: exportKeys.list(organizationId, query),
    queryFn: () => exportApi.list(query),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some(inProgress) ? PROGRESS_POLL_MS : false),
  });
