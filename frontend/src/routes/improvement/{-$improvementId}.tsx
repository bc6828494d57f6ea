import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';
import { optionalNumericParam } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/improvement/{-$improvementId}')({
  params: optionalNumericParam('improvementId'),
  staticData: { title: '改善報告' },
  component: RoutePlaceholder,
});
