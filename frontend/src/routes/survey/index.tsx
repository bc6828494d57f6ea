import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/survey/')({
  staticData: { title: 'アンケート' },
  component: RoutePlaceholder,
});
