import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ButtonLink } from '../common/ButtonLink';
import { useListPageSize } from '../common/pageSize';
import { useHasRole, useOrganizationId } from '../common/session';
import { TagMasterScreen } from '../common/TagMasterScreen';
import type { FacilityAttribute } from '../common/types';
import { facilityApi } from './api';
import { facilityAttributesQuery, facilityKeys } from './queries';

const toRow = (tag: FacilityAttribute) => ({ id: tag.facilityAttributeId, label: tag.label, count: tag.facilityCount });

/** /facility/attribute/: the store tags with how many stores carry each; added, renamed and deleted in place. */
export function FacilityAttributeScreen() {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_FACILITY_EDIT');
  const queryClient = useQueryClient();
  const tags = useQuery(facilityAttributesQuery(organizationId));
  const pageSize = useListPageSize('facilityAttribute');
  // The stores' rows show their tags too.
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: facilityKeys.all(organizationId) }),
    [queryClient, organizationId],
  );
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
      toRow={toRow}
      canEdit={canEdit}
      create={facilityApi.createAttribute}
      rename={facilityApi.renameAttribute}
      remove={facilityApi.removeAttribute}
      refresh={refresh}
      pageSize={pageSize}
    />
  );
}
