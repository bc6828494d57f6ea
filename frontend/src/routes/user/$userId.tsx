import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/user/$userId')({
  params: numericParams('userId'),
  staticData: { title: 'ユーザー' },
  component: RoutePlaceholder,
});
