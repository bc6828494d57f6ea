import { useChangeMutation } from '@/shared/editor/records';
import { useOrganizationId } from '@/features/masters/common/session';
import { masterImportApi } from './api';
import { masterImportKeys } from './queries';

/** Uploading and applying: the imports are read again after either. */
export function useMasterImportMutations() {
  const keys = [masterImportKeys.all(useOrganizationId())];
  return {
    upload: useChangeMutation(keys, masterImportApi.upload),
    apply: useChangeMutation(keys, masterImportApi.apply),
  };
}
