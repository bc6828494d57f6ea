import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/system/push_history/')({
  staticData: { title: '通知履歴' },
  component: RoutePlaceholder,
});
