import { EditOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { FacilityTagFilter, GroupFilter, PhoneSortSelect } from '@/shared/list/filters';
import { useListSort, useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { ButtonLink } from '../common/ButtonLink';
import { DeleteButton } from '../common/DeleteButton';
import { useMasterToasts } from '../common/feedback';
import { searchTextQuery } from '@/shared/list/listSearch';
import { MasterPage } from '../common/MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { SearchBar } from '@/shared/list/SearchBar';
import { useHasRole, useOrganizationId, useOrganizationOptions } from '../common/session';
import type { FacilityItem } from '../common/types';
import { facilityDeleteTexts } from './deleteTexts';
import { useFacilityMutations } from './mutations';
import { facilityListQuery } from './queries';
import {
  DEFAULT_EXTERNAL_ID_LABEL,
  FACILITY_SEARCH_DEFAULTS,
  FACILITY_SORT_KEYS,
  type FacilitySearch,
  type FacilitySortKey,
} from './schema';

interface Props {
  search: FacilitySearch;
  onSearchChange: (search: FacilitySearch) => void;
}

const SORT_LABELS: Record<FacilitySortKey, string> = {
  facilityNameKana: '店舗名カナ',
  facilityName: '店舗名',
  groupName: 'グループ',
  externalDataId: '', // the organization's label, filled in below
};

const routeApi = getRouteApi('/facility/');

/** The route's component: the screen on the URL's search state. */
export function FacilityListPage() {
  return <FacilityListScreen {...useRouteSearch<FacilitySearch>(routeApi)} />;
}

/** /facility/: the stores the user may see, searched, filtered, sorted and paged by the server. */
export function FacilityListScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_FACILITY_EDIT');
  const navigate = useNavigate();
  const toasts = useMasterToasts();
  const { remove: removeFacility } = useFacilityMutations();
  const { change, tableProps } = useListState({
    pageSizeList: 'facility',
    search,
    onSearchChange,
    query: (size) =>
      facilityListQuery(organizationId, {
        searchText: searchTextQuery(search.searchText),
        groupId: search.groupId,
        attributeId: search.attributeId,
        sortBy: search.sortBy,
        descending: search.descending,
        page: search.page,
        size,
      }),
  });
  const { sortOrder, onSortChange, onSortSelect } = useListSort(search, change, {
    keys: FACILITY_SORT_KEYS,
    fallback: FACILITY_SEARCH_DEFAULTS.sortBy,
  });
  const externalIdLabel = useOrganizationOptions().data?.externalDataIdLabel || DEFAULT_EXTERNAL_ID_LABEL;

  const remove = async (row: FacilityItem) => {
    toasts.outcome(await removeFacility.mutateAsync(row.facilityId));
  };

  const columns: TableColumnsType<FacilityItem> = [
    {
      key: 'facilityName',
      title: '店舗名',
      sorter: true,
      sortOrder: sortOrder('facilityName'),
      render: (_, row) => (
        <Link to="/facility/$facilityId" params={{ facilityId: row.facilityId }}>
          {row.facilityName}
        </Link>
      ),
    },
    {
      key: 'facilityNameKana',
      title: '店舗名カナ',
      dataIndex: 'facilityNameKana',
      sorter: true,
      sortOrder: sortOrder('facilityNameKana'),
    },
    { key: 'groupName', title: 'グループ', dataIndex: 'groupName', sorter: true, sortOrder: sortOrder('groupName') },
    {
      key: 'externalDataId',
      title: externalIdLabel,
      dataIndex: 'externalDataId',
      sorter: true,
      sortOrder: sortOrder('externalDataId'),
    },
    { key: 'tel', title: '電話番号', dataIndex: 'tel' },
    { key: 'tags', title: 'タグ', render: (_, row) => <TagList row={row} /> },
    {
      key: 'actions',
      title: '操作',
      width: 110,
      render: (_, row) => (
        <Space size="small">
          <ButtonLink
            to="/facility/$facilityId"
            params={{ facilityId: row.facilityId }}
            size="small"
            icon={<EditOutlined />}
            aria-label={`${row.facilityName}を${canEdit ? '編集' : '表示'}`}
            title={canEdit ? '編集' : '表示'}
          />
          {canEdit && (
            <DeleteButton size="small" {...facilityDeleteTexts(row.facilityName)} onConfirm={() => remove(row)} />
          )}
        </Space>
      ),
    },
  ];

  return (
    <MasterPage
      title="店舗"
      actions={
        <>
          <ButtonLink to="/facility/attribute/" icon={<TagsOutlined />}>
            店舗タグ
          </ButtonLink>
          {canEdit && (
            <ButtonLink to="/facility/add" color="primary" variant="solid" icon={<PlusOutlined />}>
              新規登録
            </ButtonLink>
          )}
        </>
      }
    >
      <SearchBar
        value={search.searchText}
        placeholder="店舗名・カナ・店舗コード・住所など"
        onSearch={(searchText) => {
          change({ searchText });
        }}
      >
        <GroupFilter
          value={search.groupId}
          onChange={(groupId) => {
            change({ groupId });
          }}
        />
        <FacilityTagFilter
          placeholder="タグ"
          value={search.attributeId}
          onChange={(attributeId) => {
            change({ attributeId });
          }}
        />
        <PhoneSortSelect
          keys={FACILITY_SORT_KEYS}
          labels={{ ...SORT_LABELS, externalDataId: externalIdLabel }}
          sortBy={search.sortBy}
          descending={search.descending}
          onChange={onSortSelect}
        />
      </SearchBar>
      <ListTable<FacilityItem>
        label="店舗一覧"
        rowKey={(row) => row.facilityId}
        columns={columns}
        {...tableProps}
        emptyText="該当する店舗はありません"
        onSortChange={onSortChange}
        onOpen={(row) => void navigate({ to: '/facility/$facilityId', params: { facilityId: row.facilityId } })}
        renderCard={(row) => (
          <Flex vertical gap={2}>
            <Typography.Text strong>{row.facilityName}</Typography.Text>
            <Typography.Text type="secondary">{row.facilityNameKana}</Typography.Text>
            <Typography.Text>
              {row.groupName}
              {row.externalDataId && ` ・ ${externalIdLabel}: ${row.externalDataId}`}
            </Typography.Text>
            {row.tel && <Typography.Text>{row.tel}</Typography.Text>}
            <TagList row={row} />
          </Flex>
        )}
      />
    </MasterPage>
  );
}

function TagList({ row }: { row: FacilityItem }) {
  if (row.attributeList.length === 0) return null;
  return (
    <Flex gap={4} wrap>
      {row.attributeList.map((tag) => (
        <Tag key={tag.facilityAttributeId} style={{ marginInlineEnd: 0 }}>
          {tag.label}
        </Tag>
      ))}
    </Flex>
  );
}
