import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/survey/$surveyId')({
  params: numericParams('surveyId'),
  staticData: { title: 'アンケート' },
  component: RoutePlaceholder,
});
