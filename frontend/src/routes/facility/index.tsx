import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { FacilityListPage } from '@/features/masters/facility/FacilityListScreen';
import { FACILITY_SEARCH_DEFAULTS, facilitySearchSchema, type FacilitySearch } from '@/features/masters/facility/search';

export const Route = createFileRoute('/facility/')({
  staticData: { title: '店舗' },
  validateSearch: facilitySearchSchema,
  search: { middlewares: [stripDefaults<FacilitySearch>(FACILITY_SEARCH_DEFAULTS)] },
  component: FacilityListPage,
});
