import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Checkbox, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { ButtonLink } from '../common/ButtonLink';
import { searchTextQuery } from '@/shared/list/listSearch';
import { MasterPage } from '../common/MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { SearchBar } from '@/shared/list/SearchBar';
import { useHasRole } from '../common/session';
import type { Organization } from './api';
import { tokyoToday } from '@/lib/time/today';
import { serviceEnded, servicePeriod } from './format';
import { organizationListQuery } from './queries';
import type { OrganizationSearch } from './schema';
import { StorageUsage } from './StorageUsage';

interface Props {
  search: OrganizationSearch;
  onSearchChange: (search: OrganizationSearch) => void;
}

const routeApi = getRouteApi('/organization/');

/** The route's component: the screen on the URL's search state. */
export function OrganizationListPage() {
  return <OrganizationListScreen {...useRouteSearch<OrganizationSearch>(routeApi)} />;
}

/** /organization/: every organization (system administrators), searched and paged by the server. */
export function OrganizationListScreen({ search, onSearchChange }: Props) {
  const isSystemAdmin = useHasRole('ROLE_SYSTEM_ADMIN');
  const navigate = useNavigate();
  const today = tokyoToday();
  const { change, tableProps } = useListState({
    pageSizeList: 'organization',
    search,
    onSearchChange,
    query: (size) =>
      organizationListQuery({
        searchText: searchTextQuery(search.searchText),
        showServiceEnd: search.showServiceEnd,
        page: search.page,
        size,
      }),
  });

  const columns: TableColumnsType<Organization> = [
    { key: 'organizationId', title: 'ID', dataIndex: 'organizationId', width: 72 },
    {
      key: 'organizationName',
      title: '組織名',
      render: (_, row) => (
        <Flex gap={4} wrap align="center">
          <Link to="/organization/$organizationId" params={{ organizationId: row.organizationId }}>
            {row.organizationName}
          </Link>
          <States row={row} today={today} />
        </Flex>
      ),
    },
    { key: 'jkCode', title: 'JKコード', dataIndex: 'jkCode' },
    { key: 'personInCharge', title: '営業担当', dataIndex: 'personInCharge' },
    {
      key: 'servicePeriod',
      title: 'サービス期間',
      render: (_, row) => servicePeriod(row.serviceStartDate, row.serviceEndDate),
    },
    {
      key: 'storage',
      title: 'ストレージ使用量',
      render: (_, row) => <StorageUsage usage={row.storageUsage} limit={row.maxStorageUsage} compact />,
    },
    {
      key: 'actions',
      title: '操作',
      width: 72,
      render: (_, row) => (
        <ButtonLink
          to="/organization/$organizationId"
          params={{ organizationId: row.organizationId }}
          size="small"
          icon={<EditOutlined />}
          aria-label={`${row.organizationName}を編集`}
          title="編集"
        />
      ),
    },
  ];

  return (
    <MasterPage
      title="組織"
      actions={
        isSystemAdmin && (
          <ButtonLink to="/organization/add" color="primary" variant="solid" icon={<PlusOutlined />}>
            新規登録
          </ButtonLink>
        )
      }
    >
      <SearchBar
        value={search.searchText}
        placeholder="組織名・JKコード"
        onSearch={(searchText) => {
          change({ searchText });
        }}
      >
        <Checkbox
          checked={search.showServiceEnd}
          onChange={(event) => {
            change({ showServiceEnd: event.target.checked });
          }}
          style={{ alignSelf: 'center' }}
        >
          サービス終了した組織も表示
        </Checkbox>
      </SearchBar>
      <ListTable<Organization>
        label="組織一覧"
        rowKey={(row) => row.organizationId}
        columns={columns}
        {...tableProps}
        emptyText="該当する組織はありません"
        onOpen={(row) =>
          void navigate({ to: '/organization/$organizationId', params: { organizationId: row.organizationId } })
        }
        renderCard={(row) => (
          <Flex vertical gap={2}>
            <Flex gap={4} wrap align="center">
              <Typography.Text strong>{row.organizationName}</Typography.Text>
              <States row={row} today={today} />
            </Flex>
            <Typography.Text type="secondary">
              ID: {row.organizationId}
              {row.jkCode && ` ・ JKコード: ${row.jkCode}`}
            </Typography.Text>
            {row.personInCharge && <Typography.Text>営業担当: {row.personInCharge}</Typography.Text>}
            {(row.serviceStartDate ?? row.serviceEndDate) && (
              <Typography.Text>サービス期間: {servicePeriod(row.serviceStartDate, row.serviceEndDate)}</Typography.Text>
            )}
            <StorageUsage usage={row.storageUsage} limit={row.maxStorageUsage} compact />
          </Flex>
        )}
      />
    </MasterPage>
  );
}

/** The demo flag and an ended service, as tags beside the name. */
function States({ row, today }: { row: Organization; today: string }) {
  return (
    <>
      {row.demo && (
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          デモ
        </Tag>
      )}
      {serviceEnded(row.serviceEndDate, today) && (
        <Tag color="default" style={{ marginInlineEnd: 0 }}>
          サービス終了
        </Tag>
      )}
    </>
  );
}
