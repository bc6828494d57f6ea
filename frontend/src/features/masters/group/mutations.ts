import type { z } from 'zod';
import type { SaveVariables } from '@/shared/editor/useEditorForm';
import { useChangeMutation } from '@/shared/editor/records';
import { ENUMS_KEY, useOrganizationId } from '../common/session';
import { groupApi } from './api';
import type { groupFormSchema } from './schema';

/** Creates a group, or updates (renames, moves) it with the version the form read. */
function saveGroup({ id, input: { version, ...input } }: SaveVariables<z.output<typeof groupFormSchema>>) {
  return id === undefined || version === undefined ? groupApi.create(input) : groupApi.update(id, { ...input, version });
}

/**
 * The group changes. Stores and users show their group's name and the enums hold the tree, so a
 * success invalidates every master of the organization and the enums.
 */
export function useGroupMutations() {
  const keys = [['masters', useOrganizationId()], ENUMS_KEY];
  return {
    save: useChangeMutation(keys, saveGroup),
    remove: useChangeMutation(keys, groupApi.remove),
  };
}
