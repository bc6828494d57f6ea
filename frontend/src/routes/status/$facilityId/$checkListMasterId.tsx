import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/app/shell/RoutePlaceholder';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/status/$facilityId/$checkListMasterId')({
  params: numericParams('facilityId', 'checkListMasterId'),
  // SPEC section 2: the detail's title is set at run time; this one shows until then.
  staticData: { title: 'チェック状況' },
  component: RoutePlaceholder,
});
