import { createFileRoute } from '@tanstack/react-router';
import { searchSchema } from '@/lib/routing/searchSchema';
import { StatusDetailPage } from '@/features/checks/status/StatusDetailScreen';
import { idParam } from '@/shared/list/listSearch';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/status/$facilityId/$checkListMasterId')({
  params: numericParams('facilityId', 'checkListMasterId'),
  // ?periodId= shows an earlier period of the store's history; without it, the latest.
  validateSearch: searchSchema({ periodId: idParam }),
  // docs/product/shell.md: the detail's title is set at run time (store and check list); this one shows until then.
  staticData: { title: 'チェック状況', role: 'ROLE_CHECK_REFERENCE' },
  component: StatusDetailPage,
});
