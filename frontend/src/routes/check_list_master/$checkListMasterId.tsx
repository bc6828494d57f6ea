import { createFileRoute } from '@tanstack/react-router';
import { CheckListEditPage } from '@/features/checks/editor/CheckListEditorScreen';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/check_list_master/$checkListMasterId')({
  params: numericParams('checkListMasterId'),
  staticData: { title: 'チェックリスト' },
  component: CheckListEditPage,
});
