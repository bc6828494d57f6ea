import { createFileRoute } from '@tanstack/react-router';
import { CheckListAddPage } from '@/features/checks/editor/CheckListEditorScreen';
import { checkListDefaultsQuery } from '@/features/checks/editor/queries';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/check_list_master/add')({
  staticData: { title: 'チェックリスト' },
  loader: ({ context: { queryClient } }) => prefetchRecord(queryClient, checkListDefaultsQuery),
  component: CheckListAddPage,
});
