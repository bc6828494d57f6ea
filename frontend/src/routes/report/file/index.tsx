import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/report/file/')({
  staticData: { title: 'レポート' },
  component: RoutePlaceholder,
});
