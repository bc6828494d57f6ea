import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/facility/')({
  staticData: { title: '店舗' },
  component: RoutePlaceholder,
});
