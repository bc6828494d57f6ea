import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/group/')({
  staticData: { title: 'グループ' },
  component: RoutePlaceholder,
});
