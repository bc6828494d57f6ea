import { createFileRoute } from '@tanstack/react-router';
import { FacilityAddPage } from '@/features/masters/facility/FacilityFormScreen';

export const Route = createFileRoute('/facility/add')({
  staticData: { title: '店舗' },
  component: FacilityAddPage,
});
