import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/system/schedule/')({
  staticData: { title: 'スケジュール実行' },
  component: RoutePlaceholder,
});
