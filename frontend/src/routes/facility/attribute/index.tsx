import { createFileRoute } from '@tanstack/react-router';
import { FacilityAttributeScreen } from '@/features/masters/facility/FacilityAttributeScreen';

export const Route = createFileRoute('/facility/attribute/')({
  staticData: { title: '店舗タグ' },
  component: FacilityAttributeScreen,
});
