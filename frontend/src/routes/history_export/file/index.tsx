import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/history_export/file/')({
  staticData: { title: 'エクスポート' },
  component: RoutePlaceholder,
});
