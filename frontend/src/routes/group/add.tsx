import { createFileRoute } from '@tanstack/react-router';
import { GroupAddPage } from '@/features/masters/group/GroupFormScreen';
import { groupAddSearchSchema } from '@/features/masters/group/search';

export const Route = createFileRoute('/group/add')({
  staticData: { title: 'グループ', role: 'ROLE_GROUP_REFERENCE_ALL' },
  // ?parentGroupId=4 opens the form under that parent ("下位グループを追加").
  validateSearch: groupAddSearchSchema,
  component: GroupAddPage,
});
