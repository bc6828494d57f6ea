import { queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from '@/lib/api/retry';
import { answerApi } from './api';

/** Query keys: everything of the store's answering in one organization sits under `answerKeys.all(org)`. */
export const answerKeys = {
  all: (organizationId: number) => ['check', organizationId, 'answer'] as const,
  open: (organizationId: number) => [...answerKeys.all(organizationId), 'open'] as const,
  sheet: (organizationId: number, periodId: number) => [...answerKeys.all(organizationId), 'sheet', periodId] as const,
};

export const openChecksQuery = (organizationId: number) =>
  queryOptions({
    queryKey: answerKeys.open(organizationId),
    retry: retryUnlessRefused,
    queryFn: answerApi.open,
  });

/**
 * One sheet for answering. Read fresh on every visit and never refreshed behind the user's back:
 * the screen keeps the version it read, and a reload after a conflict is the user's choice.
 */
export const sheetQuery = (organizationId: number, periodId: number) =>
  queryOptions({
    queryKey: answerKeys.sheet(organizationId, periodId),
    retry: retryUnlessRefused,
    queryFn: () => answerApi.sheet(periodId),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
