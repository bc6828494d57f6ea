import { createFileRoute } from '@tanstack/react-router';
import { CheckListAddPage } from '@/features/checks/editor/CheckListEditorScreen';

export const Route = createFileRoute('/check_list_master/add')({
  staticData: { title: 'チェックリスト' },
  component: CheckListAddPage,
});
