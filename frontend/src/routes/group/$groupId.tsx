import { createFileRoute } from '@tanstack/react-router';
import { GroupEditPage } from '@/features/masters/group/GroupFormScreen';
import { groupDetailQuery } from '@/features/masters/group/queries';
import { numericParams } from '@/lib/routing/numericParams';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/group/$groupId')({
  params: numericParams('groupId'),
  staticData: { title: 'グループ' },
  loader: ({ context: { queryClient }, params }) =>
    prefetchRecord(queryClient, (organizationId) => groupDetailQuery(organizationId, params.groupId)),
  component: GroupEditPage,
});
