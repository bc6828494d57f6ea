import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/survey/add')({
  staticData: { title: 'アンケート' },
  component: RoutePlaceholder,
});
