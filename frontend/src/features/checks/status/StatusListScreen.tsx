import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Flex, Select, Typography, type TableColumnsType } from 'antd';
import { searchTextQuery } from '@/shared/list/listSearch';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { SearchBar } from '@/shared/list/SearchBar';
import { useOrganizationId } from '@/features/masters/common/session';
import { CheckListFilter, FacilityTagFilter, GroupFilter, OutOfPeriodFilter, PhoneSortSelect } from '@/shared/list/filters';
import { useListSort, useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { dateTimeText, periodText, PROGRESS_LABELS, STATUS_TITLE } from './format';
import { CountBar, ProgressTag, ScoreText } from './parts';
import { statusListQuery } from './queries';
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
  return <StatusListScreen {...useRouteSearch<StatusSearch>(routeApi)} />;
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
  const navigate = useNavigate();
  const { change, tableProps } = useListState({
    pageSizeList: 'status',
    search,
    onSearchChange,
    query: (size) =>
      statusListQuery(organizationId, {
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
      }),
  });
  const { sortOrder, onSortChange, onSortSelect } = useListSort(search, change, {
    keys: STATUS_SORT_KEYS,
    fallback: STATUS_SEARCH_DEFAULTS.sortBy,
  });

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
      render: (_, row) => <ScoreText score={row.score} possibleScore={row.possibleScore} answered={row.answeredCount} total={row.totalCount} />,
    },
    {
      key: 'lastInputDate',
      title: '最終入力日時',
      sorter: true,
      sortOrder: sortOrder('lastInputDate'),
      render: (_, row) => dateTimeText(row.lastInputAt) || <Typography.Text type="secondary">－</Typography.Text>,
    },
  ];

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
        <GroupFilter
          value={search.groupId}
          onChange={(groupId) => {
            change({ groupId });
          }}
        />
        <FacilityTagFilter
          value={search.facilityAttributeId}
          onChange={(facilityAttributeId) => {
            change({ facilityAttributeId });
          }}
        />
        <CheckListFilter
          value={search.checkListMasterId}
          onChange={(checkListMasterId) => {
            change({ checkListMasterId });
          }}
        />
        <OutOfPeriodFilter
          checked={search.includeOutOfPeriod}
          onChange={(includeOutOfPeriod) => {
            change({ includeOutOfPeriod });
          }}
        />
        <PhoneSortSelect
          keys={STATUS_SORT_KEYS}
          labels={SORT_LABELS}
          sortBy={search.sortBy}
          descending={search.descending}
          onChange={onSortSelect}
        />
      </SearchBar>
      <ListTable<StatusRow>
        label="チェック状況一覧"
        rowKey={rowKey}
        columns={columns}
        {...tableProps}
        emptyText="該当するチェック状況はありません"
        onSortChange={onSortChange}
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
          <ScoreText score={row.score} possibleScore={row.possibleScore} answered={row.answeredCount} total={row.totalCount} />
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
