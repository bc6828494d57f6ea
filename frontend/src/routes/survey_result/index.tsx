import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';

export const Route = createFileRoute('/survey_result/')({
  staticData: { title: 'アンケート結果' },
  component: RoutePlaceholder,
});
