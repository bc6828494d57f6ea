import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { pollWhileMaking } from '@/shared/files/madeFile';
import { reportApi, type ReportFileListQuery } from './api';

export const reportKeys = {
  all: (organizationId: number) => ['reports', organizationId] as const,
  list: (organizationId: number, query: ReportFileListQuery) => [...reportKeys.all(organizationId), 'list', query] as const,
};

/** The report list; polled while any report on the page is being made. */
export const reportFileListQuery = (organizationId: number, query: ReportFileListQuery) =>
  queryOptions({
    queryKey: reportKeys.list(organizationId, query),
    queryFn: () => reportApi.list(query),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileMaking,
  });
