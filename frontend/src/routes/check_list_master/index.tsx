import { createFileRoute } from '@tanstack/react-router';
import { CheckListListPage } from '@/features/checks/editor/CheckListListScreen';
import { CHECK_LIST_SEARCH_DEFAULTS, checkListSearchSchema, type CheckListSearch } from '@/features/checks/editor/search';
import { stripDefaults } from '@/shared/list/listSearch';

export const Route = createFileRoute('/check_list_master/')({
  staticData: { title: 'チェックリスト', role: 'ROLE_CHECK_ITEM_EDIT' },
  validateSearch: checkListSearchSchema,
  search: { middlewares: [stripDefaults<CheckListSearch>(CHECK_LIST_SEARCH_DEFAULTS)] },
  component: CheckListListPage,
});
