import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ButtonLink } from '../common/ButtonLink';
import { useListPageSize } from '@/shared/list/pageSize';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { TagMasterScreen } from '../common/TagMasterScreen';
import type { TagSearch } from '../common/tagSearch';
import { useHasRole, useOrganizationId } from '../common/session';
import { useUserTagMutations } from './mutations';
import { userAttributesQuery } from './queries';

import type { UserAttribute } from './types';

const routeApi = getRouteApi('/user/attribute/');

const toRow = (tag: UserAttribute) => ({ id: tag.userAttributeId, label: tag.label, count: tag.userCount });

/** /user/attribute/: the user tags with how many users carry each; added, renamed and deleted in place. */
export function UserAttributeScreen() {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_USER_REFERENCE');
  const tagsQuery = userAttributesQuery(organizationId);
  const tags = useQuery(tagsQuery);
  const { search, onSearchChange } = useRouteSearch<TagSearch>(routeApi);
  const pageSize = useListPageSize('userAttribute');
  const mutations = useUserTagMutations();
  return (
    <TagMasterScreen<UserAttribute>
      title="ユーザータグ"
      back={
        <ButtonLink to="/user/" icon={<ArrowLeftOutlined />}>
          ユーザー一覧
        </ButtonLink>
      }
      countTitle="ユーザー数"
      countText={(count) => `${count}人`}
      inUseText={(count) => `${count}人のユーザーに付いています。削除するとユーザーから外れます。`}
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
