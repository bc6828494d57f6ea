import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../common/ButtonLink';
import { useListPageSize } from '@/shared/list/pageSize';
import { TagMasterScreen } from '../common/TagMasterScreen';
import { useHasRole, useOrganizationId } from '../common/session';
import { useUserTagMutations } from './mutations';
import { userAttributesQuery } from './queries';

import type { UserAttribute } from './types';

const toRow = (tag: UserAttribute) => ({ id: tag.userAttributeId, label: tag.label, count: tag.userCount });

/** /user/attribute/: the user tags with how many users carry each; added, renamed and deleted in place. */
export function UserAttributeScreen() {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_USER_REFERENCE');
  const tags = useQuery(userAttributesQuery(organizationId));
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
      toRow={toRow}
      canEdit={canEdit}
      mutations={mutations}
      pageSize={pageSize}
    />
  );
}
