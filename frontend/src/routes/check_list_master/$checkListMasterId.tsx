import { createFileRoute } from '@tanstack/react-router';
import { CheckListEditPage } from '@/features/checks/editor/CheckListEditorScreen';
import { checkListDetailQuery } from '@/features/checks/editor/queries';
import { numericParams } from '@/lib/routing/numericParams';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/check_list_master/$checkListMasterId')({
  params: numericParams('checkListMasterId'),
  staticData: { title: 'チェックリスト', role: 'ROLE_CHECK_ITEM_EDIT' },
  loader: (match) =>
    prefetchRecord(match, (organizationId) => checkListDetailQuery(organizationId, match.params.checkListMasterId)),
  component: CheckListEditPage,
});
