import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/check_list_master/add')({
  staticData: { title: 'チェックリスト' },
  component: RoutePlaceholder,
});
