import { useOrganizationId } from '@/features/masters/common/session';
import { useChangeMutation } from '@/shared/editor/records';
import { statusKeys } from '../status/queries';
import { answerApi, type CheckAnswer } from './api';
import { answerKeys } from './queries';

/** What a sheet save sends: the version read, whether it submits, and the answers. */
export interface SheetSave {
  periodId: number;
  version: number;
  submit: boolean;
  answerList: CheckAnswer[];
}

/**
 * Saving or submitting a sheet. A success outdates the store's open checks (their progress) and
 * the check status; the sheet itself is read again by its screen, which keeps it otherwise.
 */
export function useSheetMutations() {
  const organizationId = useOrganizationId();
  const keys = [answerKeys.open(organizationId), statusKeys.all(organizationId)];
  return {
    save: useChangeMutation(keys, ({ periodId, ...body }: SheetSave) => answerApi.save(periodId, body)),
  };
}
