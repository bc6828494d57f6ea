import { EditOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Flex, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useEffect } from 'react';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { ButtonLink } from '../common/ButtonLink';
import { DeleteButton } from '../common/DeleteButton';
import { useMasterToasts } from '../common/feedback';
import { GroupTreeSelect } from '../common/GroupTreeSelect';
import { changedSearch, searchTextQuery } from '../common/listSearch';
import { MasterPage } from '../common/MasterPage';
import { MasterTable } from '../common/MasterTable';
import { useListPageSize } from '../common/pageSize';
import { failedRead } from '../common/failedRead';
import { SearchBar } from '../common/SearchBar';
import { useGroupList, useHasRole, useOrganizationId, useOrganizationOptions } from '../common/session';
import type { FacilityItem } from '../common/types';
import { facilityApi, type FacilityListQuery } from './api';
import { facilityAttributesQuery, facilityKeys, facilityListQuery } from './queries';
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
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onSearchChange = useCallback(
    (next: FacilitySearch) => {
      void navigate({ search: next });
    },
    [navigate],
  );
  return <FacilityListScreen search={search} onSearchChange={onSearchChange} />;
}

/** /facility/: the stores the user may see, searched, filtered, sorted and paged by the server. */
export function FacilityListScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_FACILITY_EDIT');
  const isPhone = useIsMobile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toasts = useMasterToasts();
  const [preferredSize, setPreferredSize] = useListPageSize('facility');
  const size = search.size ?? preferredSize;

  const query: FacilityListQuery = {
    searchText: searchTextQuery(search.searchText),
    groupId: search.groupId,
    attributeId: search.attributeId,
    sortBy: search.sortBy,
    descending: search.descending,
    page: search.page,
    size,
  };
  const list = useQuery(facilityListQuery(organizationId, query));
  const groups = useGroupList();
  const tags = useQuery(facilityAttributesQuery(organizationId));
  const externalIdLabel = useOrganizationOptions().data?.externalDataIdLabel || DEFAULT_EXTERNAL_ID_LABEL;

  const change = (patch: Partial<FacilitySearch>) => {
    onSearchChange(changedSearch(search, patch));
  };

  // A page past the end (rows deleted meanwhile, an old link): show the last page instead.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && search.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onSearchChange({ ...search, page: lastPage });
  }, [pastTheEnd, lastPage, search, onSearchChange]);

  const remove = async (row: FacilityItem) => {
    const outcome = await facilityApi.remove(row.facilityId);
    toasts.outcome(outcome);
    if (outcome.ok) await queryClient.invalidateQueries({ queryKey: facilityKeys.all(organizationId) });
  };

  const sortOrder = (key: FacilitySortKey): SortOrder =>
    search.sortBy === key ? (search.descending ? 'descend' : 'ascend') : null;

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
            <DeleteButton size="small" label={`${row.facilityName}を削除`} onConfirm={() => remove(row)} />
          )}
        </Space>
      ),
    },
  ];

  const sortOptions = FACILITY_SORT_KEYS.flatMap((key) => {
    const label = key === 'externalDataId' ? externalIdLabel : SORT_LABELS[key];
    return [
      { value: `${key}:asc`, label: `${label}(昇順)` },
      { value: `${key}:desc`, label: `${label}(降順)` },
    ];
  });

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
        <GroupTreeSelect
          aria-label="グループで絞り込み"
          groups={groups.data}
          value={search.groupId ?? null}
          onChange={(groupId) => {
            change({ groupId: groupId ?? undefined });
          }}
          placeholder="グループ"
          allowClear
          style={{ flex: '1 1 180px', maxWidth: 260 }}
        />
        <Select<number>
          aria-label="タグで絞り込み"
          value={search.attributeId ?? null}
          onChange={(attributeId?: number) => {
            change({ attributeId });
          }}
          options={(tags.data ?? []).map((tag) => ({ value: tag.facilityAttributeId, label: tag.label }))}
          placeholder="タグ"
          allowClear
          loading={tags.isPending}
          style={{ flex: '1 1 140px', maxWidth: 200 }}
        />
        {isPhone && (
          <Select<string>
            aria-label="並び順"
            value={`${search.sortBy}:${search.descending ? 'desc' : 'asc'}`}
            onChange={(value) => {
              const [sortBy, direction] = value.split(':') as [FacilitySortKey, string];
              change({ sortBy, descending: direction === 'desc' });
            }}
            options={sortOptions}
            style={{ flex: '1 1 100%' }}
          />
        )}
      </SearchBar>
      <MasterTable<FacilityItem>
        label="店舗一覧"
        rowKey={(row) => row.facilityId}
        columns={columns}
        items={list.data?.items}
        total={total}
        page={search.page}
        size={size}
        fetching={list.isFetching}
        emptyText="該当する店舗はありません"
        error={failedRead(list)}
        onPageChange={(page, nextSize) => {
          if (nextSize !== size) setPreferredSize(nextSize);
          onSearchChange({ ...search, page, size: undefined });
        }}
        onSortChange={({ field, descending }) => {
          const sortBy = (FACILITY_SORT_KEYS as readonly string[]).includes(field ?? '')
            ? (field as FacilitySortKey)
            : FACILITY_SEARCH_DEFAULTS.sortBy;
          change({ sortBy, descending: field === null ? false : descending });
        }}
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
