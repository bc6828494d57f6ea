import { createFileRoute } from '@tanstack/react-router';
import { GroupEditPage } from '@/features/masters/group/GroupFormScreen';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/group/$groupId')({
  params: numericParams('groupId'),
  staticData: { title: 'グループ' },
  component: GroupEditPage,
});
