import { useOrganizationId } from '@/features/masters/common/session';
import type { SaveVariables } from '@/shared/editor/useEditorForm';
import { useChangeMutation } from '@/shared/editor/records';
import { checkListApi } from './api';
import { checkListKeys } from './queries';
import type { CheckListFormOutput } from './schema';

/** Creates a check list, or updates it with the version the form read. */
function saveCheckList({ id, input: { version, ...input } }: SaveVariables<CheckListFormOutput>) {
  return id === undefined || version === undefined ? checkListApi.create(input) : checkListApi.update(id, { ...input, version });
}

/** The check-list changes; each success invalidates everything of the organization's check lists. */
export function useCheckListMutations() {
  const keys = [checkListKeys.all(useOrganizationId())];
  return {
    save: useChangeMutation(keys, saveCheckList),
    remove: useChangeMutation(keys, checkListApi.remove),
    copy: useChangeMutation(keys, checkListApi.copy),
  };
}
