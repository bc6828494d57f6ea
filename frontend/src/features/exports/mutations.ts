import { useChangeMutation } from '@/shared/editor/records';
import { useOrganizationId } from '@/features/masters/common/session';
import { exportApi } from './api';
import { exportKeys } from './queries';

/** Asking for and deleting files: the list is read again after either. */
export function useExportMutations() {
  const keys = [exportKeys.all(useOrganizationId())];
  return {
    request: useChangeMutation(keys, exportApi.request),
    remove: useChangeMutation(keys, exportApi.remove),
  };
}
