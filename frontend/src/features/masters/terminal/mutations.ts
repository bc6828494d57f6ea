import { useChangeMutation } from '@/shared/editor/records';
import { useOrganizationId } from '../common/session';
import { facilityKeys } from '../facility/queries';
import { terminalApi } from './api';
import { terminalKeys } from './queries';

/** The terminal changes: the terminals, and the stores (a store's form lists its terminals). */
export function useTerminalMutations() {
  const organizationId = useOrganizationId();
  const keys = [terminalKeys.all(organizationId), facilityKeys.all(organizationId)];
  return {
    register: useChangeMutation(keys, terminalApi.register),
    remove: useChangeMutation(keys, terminalApi.remove),
  };
}
