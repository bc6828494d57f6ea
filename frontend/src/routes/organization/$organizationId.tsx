import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/organization/$organizationId')({
  params: numericParams('organizationId'),
  staticData: { title: '組織' },
  component: RoutePlaceholder,
});
