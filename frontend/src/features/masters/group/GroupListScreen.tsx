import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Card, Col, Collapse, Flex, Row, Space, Typography, type TableColumnsType } from 'antd';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { ButtonLink } from '../common/ButtonLink';
import { DeleteButton } from '../common/DeleteButton';
import { useMasterToasts } from '../common/feedback';
import { searchTextQuery } from '@/shared/list/listSearch';
import { MasterPage } from '../common/MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { SearchBar } from '@/shared/list/SearchBar';
import { useGroupList, useHasRole, useOrganizationId } from '../common/session';
import { pathLabel } from '../common/tree';
import type { Group } from '../common/types';
import { GroupTree } from './GroupTree';
import { useGroupMutations } from './mutations';
import { groupListQuery } from './queries';
import type { GroupSearch } from './schema';

const routeApi = getRouteApi('/group/');

/** The route's component: the screen on the URL's search state. */
export function GroupListPage() {
  return <GroupListScreen {...useRouteSearch<GroupSearch>(routeApi)} />;
}

interface Props {
  search: GroupSearch;
  onSearchChange: (search: GroupSearch) => void;
}

/** Counts of what hangs under a group. */
function counts(group: Group): string {
  return `下位グループ ${group.childCount} ・ 店舗 ${group.facilityCount} ・ ユーザー ${group.userCount}`;
}

/**
 * /group/: the tree beside (on a phone: above) a searchable list of the groups in tree order
 * with their parent and what they hold.
 */
export function GroupListScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_GROUP_REFERENCE_ALL');
  const isPhone = useIsMobile();
  const navigate = useNavigate();
  const toasts = useMasterToasts();
  const { remove: removeGroup } = useGroupMutations();
  const searchText = searchTextQuery(search.searchText);
  const { change, tableProps } = useListState({
    pageSizeList: 'group',
    search,
    onSearchChange,
    query: (size) => groupListQuery(organizationId, { searchText, page: search.page, size }),
  });
  const groups = useGroupList();


  const open = (groupId: number) => void navigate({ to: '/group/$groupId', params: { groupId } });

  const remove = async (group: Group) => {
    toasts.outcome(await removeGroup.mutateAsync(group.groupId));
  };

  const columns: TableColumnsType<Group> = [
    {
      key: 'groupName',
      title: 'グループ名',
      render: (_, group) => (
        // Without a search the rows are the tree in order: indent by depth.
        <span style={{ paddingInlineStart: searchText ? 0 : group.depth * 16 }}>
          <Link to="/group/$groupId" params={{ groupId: group.groupId }}>
            {group.groupName}
          </Link>
        </span>
      ),
    },
    { key: 'groupNameKana', title: 'グループ名カナ', dataIndex: 'groupNameKana', responsive: ['xxl'] },
    { key: 'parentGroupName', title: '親グループ', render: (_, group) => group.parentGroupName || '—' },
    { key: 'jkCode', title: 'JKコード', dataIndex: 'jkCode', responsive: ['xl'] },
    { key: 'childCount', title: '下位グループ', dataIndex: 'childCount', align: 'right' },
    { key: 'facilityCount', title: '店舗', dataIndex: 'facilityCount', align: 'right' },
    { key: 'userCount', title: 'ユーザー', dataIndex: 'userCount', align: 'right' },
    {
      key: 'actions',
      title: '操作',
      width: 110,
      render: (_, group) => (
        <Space size="small">
          <ButtonLink
            to="/group/$groupId"
            params={{ groupId: group.groupId }}
            size="small"
            icon={<EditOutlined />}
            aria-label={`${group.groupName}を編集`}
            title="編集"
          />
          {canEdit && (
            <DeleteButton
              size="small"
              label={`${group.groupName}を削除`}
              description="下位グループ・店舗・ユーザーがあるグループは削除できません。"
              onConfirm={() => remove(group)}
            />
          )}
        </Space>
      ),
    },
  ];

  const tree = <GroupTree groups={groups.data} onOpen={open} />;

  return (
    <MasterPage
      title="グループ"
      actions={
        canEdit && (
          <ButtonLink to="/group/add" color="primary" variant="solid" icon={<PlusOutlined />}>
            新規登録
          </ButtonLink>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={6}>
          {isPhone ? (
            <Collapse size="small" items={[{ key: 'tree', label: 'グループ構成', children: tree }]} />
          ) : (
            <Card size="small" title="グループ構成">
              {tree}
            </Card>
          )}
        </Col>
        <Col xs={24} lg={16} xl={18}>
          <SearchBar
            value={search.searchText}
            placeholder="グループ名・カナ・JKコード"
            onSearch={(text) => {
              change({ searchText: text });
            }}
          />
          <ListTable<Group>
            label="グループ一覧"
            rowKey={(group) => group.groupId}
            columns={columns}
            {...tableProps}
            emptyText="該当するグループはありません"
            onOpen={(group) => {
              open(group.groupId);
            }}
            renderCard={(group) => (
              <Flex vertical gap={2}>
                <Typography.Text strong>{group.groupName}</Typography.Text>
                <Typography.Text type="secondary">{pathLabel(groups.data ?? [], group.path) || group.groupName}</Typography.Text>
                <Typography.Text>{counts(group)}</Typography.Text>
              </Flex>
            )}
          />
        </Col>
      </Row>
    </MasterPage>
  );
}
