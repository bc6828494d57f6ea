import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/system/maintenance/')({
  staticData: { title: 'メンテナンス' },
  component: RoutePlaceholder,
});
