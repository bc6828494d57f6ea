import { createFileRoute } from '@tanstack/react-router';
import { StatusDetailPage } from '@/features/checks/status/StatusDetailScreen';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/status/$facilityId/$checkListMasterId')({
  params: numericParams('facilityId', 'checkListMasterId'),
  // SPEC section 2: the detail's title is set at run time (store and check list); this one shows until then.
  staticData: { title: 'チェック状況' },
  component: StatusDetailPage,
});
