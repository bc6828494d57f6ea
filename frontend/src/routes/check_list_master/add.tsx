import { createFileRoute } from '@tanstack/react-router';
import { CheckListAddPage } from '@/features/checks/editor/CheckListEditorScreen';
import { checkListDefaultsQuery } from '@/features/checks/editor/queries';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/check_list_master/add')({
  staticData: { title: 'チェックリスト', role: 'ROLE_CHECK_ITEM_EDIT' },
  loader: (match) => prefetchRecord(match, checkListDefaultsQuery),
  component: CheckListAddPage,
});
