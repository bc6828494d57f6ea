import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/group/$groupId')({
  params: numericParams('groupId'),
  staticData: { title: 'グループ' },
  component: RoutePlaceholder,
});
