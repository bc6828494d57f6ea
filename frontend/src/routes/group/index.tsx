import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { GroupListPage } from '@/features/masters/group/GroupListScreen';
import { GROUP_SEARCH_DEFAULTS, groupSearchSchema, type GroupSearch } from '@/features/masters/group/search';

export const Route = createFileRoute('/group/')({
  staticData: { title: 'グループ', role: 'ROLE_GROUP_REFERENCE_ALL' },
  validateSearch: groupSearchSchema,
  search: { middlewares: [stripDefaults<GroupSearch>(GROUP_SEARCH_DEFAULTS)] },
  component: GroupListPage,
});
