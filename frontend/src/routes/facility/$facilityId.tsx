import { createFileRoute } from '@tanstack/react-router';
import { FacilityEditPage } from '@/features/masters/facility/FacilityFormScreen';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/facility/$facilityId')({
  params: numericParams('facilityId'),
  staticData: { title: '店舗' },
  component: FacilityEditPage,
});
