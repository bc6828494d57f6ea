import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { terminalApi, type TerminalListQuery } from './api';

export const terminalKeys = {
  all: (organizationId: number) => ['masters', organizationId, 'terminal'] as const,
  list: (organizationId: number, query: TerminalListQuery) =>
    [...terminalKeys.all(organizationId), 'list', query] as const,
};

export const terminalListQuery = (organizationId: number, query: TerminalListQuery) =>
  queryOptions({
    queryKey: terminalKeys.list(organizationId, query),
    queryFn: () => terminalApi.list(query),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
