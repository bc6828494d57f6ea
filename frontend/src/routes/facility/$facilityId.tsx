import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/facility/$facilityId')({
  params: numericParams('facilityId'),
  staticData: { title: '店舗' },
  component: RoutePlaceholder,
});
