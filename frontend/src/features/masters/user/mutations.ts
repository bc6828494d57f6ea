import type { z } from 'zod';
import type { SaveVariables } from '@/shared/editor/useEditorForm';
import { useChangeMutation } from '@/shared/editor/records';
import { useOrganizationId } from '../common/session';
import type { TagMutations } from '../common/TagMasterScreen';
import { userApi } from './api';
import { userKeys } from './queries';
import type { UserFormSchema } from './schema';

/** Creates a user, or updates it with the version the form read. */
function saveUser({ id, input: { version, ...input } }: SaveVariables<z.output<UserFormSchema>>) {
  return id === undefined || version === undefined ? userApi.create(input) : userApi.update(id, { ...input, version });
}

/** The user changes; each success invalidates everything of the organization's users. */
export function useUserMutations() {
  const keys = [userKeys.all(useOrganizationId())];
  return {
    save: useChangeMutation(keys, saveUser),
    remove: useChangeMutation(keys, userApi.remove),
  };
}

/** The user tag changes: the tags and the users' rows, which show their tags. */
export function useUserTagMutations(): TagMutations {
  const keys = [userKeys.all(useOrganizationId())];
  return {
    create: useChangeMutation(keys, userApi.createAttribute),
    rename: useChangeMutation(keys, ({ id, label }: { id: number; label: string }) => userApi.renameAttribute(id, label)),
    remove: useChangeMutation(keys, userApi.removeAttribute),
  };
}
