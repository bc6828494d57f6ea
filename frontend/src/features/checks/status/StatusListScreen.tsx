import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Checkbox, Flex, Select, Typography, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useEffect } from 'react';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { facilityAttributesQuery } from '@/features/masters/facility/queries';
import { GroupTreeSelect } from '@/features/masters/common/GroupTreeSelect';
import { changedSearch, searchTextQuery } from '@/features/masters/common/listSearch';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { MasterTable } from '@/features/masters/common/MasterTable';
import { useListPageSize } from '@/features/masters/common/pageSize';
import { failedRead } from '@/features/masters/common/failedRead';
import { SearchBar } from '@/features/masters/common/SearchBar';
import { useGroupList, useOrganizationId } from '@/features/masters/common/session';
import type { StatusListQuery } from './api';
import { dateTimeText, periodText, PROGRESS_LABELS, STATUS_TITLE } from './format';
import { CountBar, ProgressTag, ScoreText } from './parts';
import { statusCheckListsQuery, statusListQuery } from './queries';
import { PROGRESS_VALUES, STATUS_SEARCH_DEFAULTS, STATUS_SORT_KEYS, type StatusSearch, type StatusSortKey } from './schema';
import type { StatusRow } from './types';

interface Props {
  search: StatusSearch;
  onSearchChange: (search: StatusSearch) => void;
}

const SORT_LABELS: Record<StatusSortKey, string> = {
  facilityNameKana: '店舗名カナ',
  groupName: 'グループ',
  checkListMasterName: 'チェックリスト',
  lastInputDate: '最終入力日時',
  score: 'スコア',
};

const routeApi = getRouteApi('/status/');

/** The route's component: the screen on the URL's search state. */
export function StatusListPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onSearchChange = useCallback(
    (next: StatusSearch) => {
      void navigate({ search: next });
    },
    [navigate],
  );
  return <StatusListScreen search={search} onSearchChange={onSearchChange} />;
}

const rowKey = (row: StatusRow) => `${row.facilityId}-${row.checkListMasterId}`;

function DetailLink({ row, children }: { row: StatusRow; children: React.ReactNode }) {
  return (
    <Link
      to="/status/$facilityId/$checkListMasterId"
      params={{ facilityId: row.facilityId, checkListMasterId: row.checkListMasterId }}
    >
      {children}
    </Link>
  );
}

/**
 * /status/ (the home screen after sign-in): one row per target store and check list in the
 * period running today, filtered, sorted and paged by the server.
 */
export function StatusListScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const isPhone = useIsMobile();
  const navigate = useNavigate();
  const [preferredSize, setPreferredSize] = useListPageSize('status');
  const size = search.size ?? preferredSize;

  const query: StatusListQuery = {
    checkStatus: search.checkStatus,
    groupId: search.groupId,
    facilityAttributeId: search.facilityAttributeId,
    facilityName: searchTextQuery(search.facilityName),
    checkListMasterId: search.checkListMasterId,
    includeOutOfPeriod: search.includeOutOfPeriod,
    sortBy: search.sortBy,
    descending: search.descending,
    page: search.page,
    size,
  };
  const list = useQuery(statusListQuery(organizationId, query));
  const groups = useGroupList();
  const tags = useQuery(facilityAttributesQuery(organizationId));
  const checkLists = useQuery(statusCheckListsQuery(organizationId));

  const change = (patch: Partial<StatusSearch>) => {
    onSearchChange(changedSearch(search, patch));
  };

  // A page past the end (an old link, fewer rows now): show the last page instead.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && search.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onSearchChange({ ...search, page: lastPage });
  }, [pastTheEnd, lastPage, search, onSearchChange]);

  const sortOrder = (key: StatusSortKey): SortOrder =>
    search.sortBy === key ? (search.descending ? 'descend' : 'ascend') : null;

  const columns: TableColumnsType<StatusRow> = [
    { key: 'groupName', title: 'グループ', dataIndex: 'groupName', sorter: true, sortOrder: sortOrder('groupName') },
    {
      key: 'facilityNameKana',
      title: '店舗',
      sorter: true,
      sortOrder: sortOrder('facilityNameKana'),
      render: (_, row) => <DetailLink row={row}>{row.facilityName}</DetailLink>,
    },
    {
      key: 'checkListMasterName',
      title: 'チェックリスト',
      sorter: true,
      sortOrder: sortOrder('checkListMasterName'),
      render: (_, row) => <DetailLink row={row}>{row.checkListMasterName}</DetailLink>,
    },
    { key: 'period', title: '期間', render: (_, row) => periodText(row.fromDate, row.toDate) },
    {
      key: 'progress',
      title: '進捗',
      render: (_, row) => <ProgressTag progress={row.progress} submitted={row.submitted} />,
    },
    {
      key: 'count',
      title: '回答数',
      render: (_, row) => <CountBar answered={row.answeredCount} total={row.totalCount} />,
    },
    {
      key: 'score',
      title: 'スコア',
      sorter: true,
      sortOrder: sortOrder('score'),
      render: (_, row) => <ScoreText score={row.score} possibleScore={row.possibleScore} />,
    },
    {
      key: 'lastInputDate',
      title: '最終入力日時',
      sorter: true,
      sortOrder: sortOrder('lastInputDate'),
      render: (_, row) => dateTimeText(row.lastInputAt) || <Typography.Text type="secondary">－</Typography.Text>,
    },
  ];

  const sortOptions = STATUS_SORT_KEYS.flatMap((key) => [
    { value: `${key}:asc`, label: `${SORT_LABELS[key]}(昇順)` },
    { value: `${key}:desc`, label: `${SORT_LABELS[key]}(降順)` },
  ]);

  return (
    <MasterPage title={STATUS_TITLE}>
      <SearchBar
        value={search.facilityName}
        placeholder="店舗名"
        onSearch={(facilityName) => {
          change({ facilityName });
        }}
      >
        <Select<string>
          aria-label="進捗で絞り込み"
          value={search.checkStatus ?? null}
          onChange={(checkStatus?: string) => {
            change({ checkStatus: checkStatus as StatusSearch['checkStatus'] });
          }}
          options={PROGRESS_VALUES.map((value) => ({ value, label: PROGRESS_LABELS[value] }))}
          placeholder="進捗"
          allowClear
          style={{ flex: '1 1 120px', maxWidth: 160 }}
        />
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
          value={search.facilityAttributeId ?? null}
          onChange={(facilityAttributeId?: number) => {
            change({ facilityAttributeId });
          }}
          options={(tags.data ?? []).map((tag) => ({ value: tag.facilityAttributeId, label: tag.label }))}
          placeholder="店舗タグ"
          allowClear
          loading={tags.isPending}
          style={{ flex: '1 1 140px', maxWidth: 200 }}
        />
        <Select<number>
          aria-label="チェックリストで絞り込み"
          value={search.checkListMasterId ?? null}
          onChange={(checkListMasterId?: number) => {
            change({ checkListMasterId });
          }}
          options={(checkLists.data ?? []).map((item) => ({
            value: item.checkListMasterId,
            label: item.checkListMasterName,
          }))}
          placeholder="チェックリスト"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={checkLists.isPending}
          popupMatchSelectWidth={false}
          style={{ flex: '1 1 180px', maxWidth: 260 }}
        />
        <Checkbox
          checked={search.includeOutOfPeriod}
          onChange={(event) => {
            change({ includeOutOfPeriod: event.target.checked });
          }}
          style={{ alignSelf: 'center' }}
        >
          期間外も表示
        </Checkbox>
        {isPhone && (
          <Select<string>
            aria-label="並び順"
            value={`${search.sortBy}:${search.descending ? 'desc' : 'asc'}`}
            onChange={(value) => {
              const [sortBy, direction] = value.split(':') as [StatusSortKey, string];
              change({ sortBy, descending: direction === 'desc' });
            }}
            options={sortOptions}
            style={{ flex: '1 1 100%' }}
          />
        )}
      </SearchBar>
      <MasterTable<StatusRow>
        label="チェック状況一覧"
        rowKey={rowKey}
        columns={columns}
        items={list.data?.items}
        total={total}
        page={search.page}
        size={size}
        fetching={list.isFetching}
        emptyText="該当するチェック状況はありません"
        error={failedRead(list)}
        onPageChange={(page, nextSize) => {
          if (nextSize !== size) setPreferredSize(nextSize);
          onSearchChange({ ...search, page, size: undefined });
        }}
        onSortChange={({ field, descending }) => {
          const sortBy = (STATUS_SORT_KEYS as readonly string[]).includes(field ?? '')
            ? (field as StatusSortKey)
            : STATUS_SEARCH_DEFAULTS.sortBy;
          change({ sortBy, descending: field === null ? false : descending });
        }}
        onOpen={(row) =>
          void navigate({
            to: '/status/$facilityId/$checkListMasterId',
            params: { facilityId: row.facilityId, checkListMasterId: row.checkListMasterId },
          })
        }
        renderCard={(row) => <StatusCard row={row} />}
      />
    </MasterPage>
  );
}

/** One row on a phone. */
function StatusCard({ row }: { row: StatusRow }) {
  return (
    <Flex vertical gap={4} data-testid="status-card">
      <Flex justify="space-between" align="start" gap="small">
        <Flex vertical gap={0}>
          <Typography.Text strong>{row.facilityName}</Typography.Text>
          <Typography.Text type="secondary">{row.groupName}</Typography.Text>
        </Flex>
        <ProgressTag progress={row.progress} submitted={row.submitted} />
      </Flex>
      <Typography.Text>{row.checkListMasterName}</Typography.Text>
      <Typography.Text type="secondary">{periodText(row.fromDate, row.toDate)}</Typography.Text>
      <Flex justify="space-between" align="end" gap="small" wrap>
        <CountBar answered={row.answeredCount} total={row.totalCount} />
        <Flex vertical align="end" gap={0}>
          <ScoreText score={row.score} possibleScore={row.possibleScore} />
          {row.lastInputAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              最終入力 {dateTimeText(row.lastInputAt)}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </Flex>
  );
}
