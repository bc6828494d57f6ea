import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ButtonLink } from '../common/ButtonLink';
import { useListPageSize } from '@/shared/list/pageSize';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { useHasRole, useOrganizationId } from '../common/session';
import { TagMasterScreen } from '../common/TagMasterScreen';
import type { TagSearch } from '../common/tagSearch';
import type { FacilityAttribute } from '../common/types';
import { useFacilityTagMutations } from './mutations';
import { facilityAttributesQuery } from './queries';

const routeApi = getRouteApi('/facility/attribute/');

const toRow = (tag: FacilityAttribute) => ({ id: tag.facilityAttributeId, label: tag.label, count: tag.facilityCount });

/** /facility/attribute/: the store tags with how many stores carry each; added, renamed and deleted in place. */
export function FacilityAttributeScreen() {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_FACILITY_EDIT');
  const tagsQuery = facilityAttributesQuery(organizationId);
  const tags = useQuery(tagsQuery);
  const { search, onSearchChange } = useRouteSearch<TagSearch>(routeApi);
  const pageSize = useListPageSize('facilityAttribute');
  const mutations = useFacilityTagMutations();
  return (
    <TagMasterScreen<FacilityAttribute>
      title="店舗タグ"
      back={
        <ButtonLink to="/facility/" icon={<ArrowLeftOutlined />}>
          店舗一覧
        </ButtonLink>
      }
      countTitle="店舗数"
      countText={(count) => `${count}店舗`}
      inUseText={(count) => `${count}店舗に付いています。削除すると店舗から外れます。`}
      tags={tags}
      tagsKey={tagsQuery.queryKey}
      search={search}
      onSearchChange={onSearchChange}
      toRow={toRow}
      canEdit={canEdit}
      mutations={mutations}
      pageSize={pageSize}
    />
  );
}
