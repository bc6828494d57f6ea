import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/survey_result/$surveyId')({
  params: numericParams('surveyId'),
  // SPEC section 2: the detail's title is set at run time; this one shows until then.
  staticData: { title: 'アンケート結果' },
  component: RoutePlaceholder,
});
