import { createFileRoute } from '@tanstack/react-router';
import { GroupEditPage } from '@/features/masters/group/GroupFormScreen';
import { groupDetailQuery } from '@/features/masters/group/queries';
import { numericParams } from '@/lib/routing/numericParams';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/group/$groupId')({
  params: numericParams('groupId'),
  staticData: { title: 'グループ', role: 'ROLE_GROUP_REFERENCE_ALL' },
  loader: (match) =>
    prefetchRecord(match, (organizationId) => groupDetailQuery(organizationId, match.params.groupId)),
  component: GroupEditPage,
});
