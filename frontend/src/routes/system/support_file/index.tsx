import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/system/support_file/')({
  staticData: { title: 'マニュアル' },
  component: RoutePlaceholder,
});
