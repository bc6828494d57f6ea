import { sessionKeys } from '@/features/session/queries';
import { useChangeMutation } from '@/shared/editor/records';
import { ENUMS_KEY } from '../common/session';
import { organizationApi, type OrganizationInput, type OrganizationUpdate } from './api';
import { organizationKeys } from './queries';

/** What a save sends: a new organization's input, or an update of `id` with the version read. */
export type OrganizationSave = { id: undefined; input: OrganizationInput } | { id: number; input: OrganizationUpdate };

function saveOrganization({ id, input }: OrganizationSave) {
  return id === undefined ? organizationApi.create(input) : organizationApi.update(id, input);
}

/**
 * The organization changes. A success outdates the organizations, the names of the switch
 * dialog (enums) and the options and labels the screens read of an organization.
 */
export function useOrganizationMutations() {
  const keys = [organizationKeys.all, ENUMS_KEY, sessionKeys.organizationOptionsAll];
  return { save: useChangeMutation(keys, saveOrganization) };
}
