import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/facility/attribute/')({
  staticData: { title: '店舗タグ' },
  component: RoutePlaceholder,
});
