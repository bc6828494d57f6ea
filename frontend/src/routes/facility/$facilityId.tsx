import { createFileRoute } from '@tanstack/react-router';
import { FacilityEditPage } from '@/features/masters/facility/FacilityFormScreen';
import { facilityDetailQuery } from '@/features/masters/facility/queries';
import { numericParams } from '@/lib/routing/numericParams';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/facility/$facilityId')({
  params: numericParams('facilityId'),
  staticData: { title: '店舗' },
  loader: (match) =>
    prefetchRecord(match, (organizationId) => facilityDetailQuery(organizationId, match.params.facilityId)),
  component: FacilityEditPage,
});
