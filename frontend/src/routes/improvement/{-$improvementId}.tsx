import { createFileRoute } from '@tanstack/react-router';
import { ImprovementPage } from '@/features/improvement/ImprovementScreen';
import { IMPROVEMENT_SEARCH_DEFAULTS, improvementSearchSchema, type ImprovementSearch } from '@/features/improvement/schema';
import { optionalNumericParam } from '@/lib/routing/numericParams';
import { stripDefaults } from '@/shared/list/listSearch';

export const Route = createFileRoute('/improvement/{-$improvementId}')({
  params: optionalNumericParam('improvementId'),
  staticData: { title: '改善報告', role: 'ROLE_CHECK_REFERENCE', feature: 'improvement' },
  validateSearch: improvementSearchSchema,
  search: { middlewares: [stripDefaults<ImprovementSearch>(IMPROVEMENT_SEARCH_DEFAULTS)] },
  component: ImprovementPage,
});
