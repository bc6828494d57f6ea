import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/terminal/')({
  staticData: { title: '端末' },
  component: RoutePlaceholder,
});
