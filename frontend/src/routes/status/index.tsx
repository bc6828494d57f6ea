import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/status/')({
  staticData: { title: 'チェック状況' },
  component: RoutePlaceholder,
});
