import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { USER_SEARCH_DEFAULTS, userSearchSchema, type UserSearch } from '@/features/masters/user/search';
import { UserListPage } from '@/features/masters/user/UserListScreen';

export const Route = createFileRoute('/user/')({
  staticData: { title: 'ユーザー', role: 'ROLE_USER_REFERENCE' },
  validateSearch: userSearchSchema,
  search: { middlewares: [stripDefaults<UserSearch>(USER_SEARCH_DEFAULTS)] },
  component: UserListPage,
});
