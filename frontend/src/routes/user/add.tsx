import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/user/add')({
  staticData: { title: 'ユーザー' },
  component: RoutePlaceholder,
});
