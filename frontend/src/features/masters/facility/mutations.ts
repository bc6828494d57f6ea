import type { SaveVariables } from '@/shared/editor/useEditorForm';
import { useChangeMutation } from '@/shared/editor/records';
import { useOrganizationId } from '../common/session';
import type { TagMutations } from '../common/TagMasterScreen';
import { facilityApi } from './api';
import { facilityKeys } from './queries';
import type { FacilityFormSchema } from './schema';
import type { z } from 'zod';

/** Creates a store, or updates it with the version the form read. */
function saveFacility({ id, input: { version, ...input } }: SaveVariables<z.output<FacilityFormSchema>>) {
  return id === undefined || version === undefined ? facilityApi.create(input) : facilityApi.update(id, { ...input, version });
}

/**
 * The store changes. Each success invalidates everything of the organization's stores (lists,
 * records, tags, names), the one place that says what a store change outdates.
 */
export function useFacilityMutations() {
  const keys = [facilityKeys.all(useOrganizationId())];
  return {
    save: useChangeMutation(keys, saveFacility),
    remove: useChangeMutation(keys, facilityApi.remove),
  };
}

/** The store tag changes: the tags and the stores' rows, which show their tags. */
export function useFacilityTagMutations(): TagMutations {
  const keys = [facilityKeys.all(useOrganizationId())];
  return {
    create: useChangeMutation(keys, facilityApi.createAttribute),
    rename: useChangeMutation(keys, ({ id, label }: { id: number; label: string }) => facilityApi.renameAttribute(id, label)),
    remove: useChangeMutation(keys, facilityApi.removeAttribute),
  };
}
