import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/other/about/')({
  staticData: { title: 'このシステムについて' },
  component: RoutePlaceholder,
});
