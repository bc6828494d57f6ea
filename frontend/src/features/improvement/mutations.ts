import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationId } from '@/features/masters/common/session';
import { useChangeMutation } from '@/shared/editor/records';
import { improvementApi } from './api';
import { improvementKeys } from './queries';
import type { ImprovementChange, ImprovementCreate, ImprovementStep } from './types';

/**
 * The changes of improvement reports. Every success outdates the organization's reports (the
 * list, the counts, the menu's badge and the open report), all under one key.
 */
export function useImprovementMutations() {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  const keys = [improvementKeys.all(organizationId)];
  return {
    act: useChangeMutation(keys, ({ improvementId, ...step }: ImprovementStep & { improvementId: number }) =>
      improvementApi.act(improvementId, step),
    ),
    update: useChangeMutation(keys, ({ improvementId, ...change }: ImprovementChange & { improvementId: number }) =>
      improvementApi.update(improvementId, change),
    ),
    create: useChangeMutation(keys, (body: ImprovementCreate) => improvementApi.create(body)),
    /** Opening a report marks it read for my side: the list's marks and the badge follow. */
    read: useMutation({
      mutationFn: (improvementId: number) => improvementApi.read(improvementId),
      onSuccess: async (outcome) => {
        if (!outcome.ok) return;
        await queryClient.invalidateQueries({ queryKey: improvementKeys.all(organizationId) });
      },
    }),
  };
}
