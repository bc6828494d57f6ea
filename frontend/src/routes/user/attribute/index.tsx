import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { UserAttributeScreen } from '@/features/masters/user/UserAttributeScreen';
import { TAG_SEARCH_DEFAULTS, tagSearchSchema, type TagSearch } from '@/features/masters/common/tagSearch';

export const Route = createFileRoute('/user/attribute/')({
  staticData: { title: 'ユーザータグ', role: 'ROLE_USER_REFERENCE' },
  validateSearch: tagSearchSchema,
  search: { middlewares: [stripDefaults<TagSearch>(TAG_SEARCH_DEFAULTS)] },
  component: UserAttributeScreen,
});
