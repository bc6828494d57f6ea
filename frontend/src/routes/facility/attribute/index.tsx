import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { FacilityAttributeScreen } from '@/features/masters/facility/FacilityAttributeScreen';
import { TAG_SEARCH_DEFAULTS, tagSearchSchema, type TagSearch } from '@/features/masters/common/tagSearch';

export const Route = createFileRoute('/facility/attribute/')({
  staticData: { title: '店舗タグ' },
  validateSearch: tagSearchSchema,
  search: { middlewares: [stripDefaults<TagSearch>(TAG_SEARCH_DEFAULTS)] },
  component: FacilityAttributeScreen,
});
