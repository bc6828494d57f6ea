import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/organization/')({
  staticData: { title: '組織' },
  component: RoutePlaceholder,
});
