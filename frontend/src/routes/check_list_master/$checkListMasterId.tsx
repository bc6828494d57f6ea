import { createFileRoute } from '@tanstack/react-router';
import { CheckListEditPage } from '@/features/checks/editor/CheckListEditorScreen';
import { checkListDetailQuery } from '@/features/checks/editor/queries';
import { numericParams } from '@/lib/routing/numericParams';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/check_list_master/$checkListMasterId')({
  params: numericParams('checkListMasterId'),
  staticData: { title: 'チェックリスト' },
  loader: ({ context: { queryClient }, params }) =>
    prefetchRecord(queryClient, (organizationId) => checkListDetailQuery(organizationId, params.checkListMasterId)),
  component: CheckListEditPage,
});
