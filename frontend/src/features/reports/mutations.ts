import { useChangeMutation } from '@/shared/editor/records';
import { useOrganizationId } from '@/features/masters/common/session';
import { reportApi } from './api';
import { reportKeys } from './queries';

/** Asking for and deleting reports: the list is read again after either. */
export function useReportMutations() {
  const keys = [reportKeys.all(useOrganizationId())];
  return {
    request: useChangeMutation(keys, reportApi.request),
    remove: useChangeMutation(keys, reportApi.remove),
  };
}
