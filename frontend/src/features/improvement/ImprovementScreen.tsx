import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Button, Checkbox, Col, Flex, Row, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { FacilityPicker } from '@/features/masters/facility/FacilityPicker';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useOrganizationId } from '@/features/masters/common/session';
import { ListTable } from '@/shared/list/ListTable';
import { DateRangeFilter } from '@/shared/list/DateRangeFilter';
import { PhoneSortSelect } from '@/shared/list/filters';
import { searchTextQuery } from '@/shared/list/listSearch';
import { SearchBar } from '@/shared/list/SearchBar';
import { asPageQuery, useListSort, useListState } from '@/shared/list/useListState';
import { CreateImprovementDialog } from './CreateImprovementDialog';
import { dateTimeText, SOURCE_LABELS, STATUS_COLORS, STATUS_LABELS } from './format';
import { BackToList, ImprovementDetail } from './ImprovementDetail';
import { DueText, StatusTag } from './parts';
import { improvementListQuery } from './queries';
import {
  IMPROVEMENT_SEARCH_DEFAULTS,
  IMPROVEMENT_SORT_KEYS,
  IMPROVEMENT_STATUSES,
  type ImprovementSearch,
  type ImprovementSortKey,
} from './schema';
import type { Improvement, ImprovementPage } from './types';

const SORT_LABELS: Record<ImprovementSortKey, string> = {
  contentModifyDate: '最終更新',
  createDate: '作成日時',
  dueDate: '期限',
  facilityNameKana: '店舗名カナ',
  status: '状態',
};

const routeApi = getRouteApi('/improvement/{-$improvementId}');

/** The status and store filters share a line evenly, also on a phone (two of them fit in 390 px). */
const FILTER_WIDTH = { flex: '1 1 160px', maxWidth: 280 } as const;

/** A title on one line, cut with an ellipsis (the list's cell is only as wide as its column). */
const ONE_LINE = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The route's component: the list and, when the address names one, a report. */
export function ImprovementPage() {
  const search = routeApi.useSearch();
  const { improvementId } = routeApi.useParams();
  const navigate = routeApi.useNavigate();
  return (
    <ImprovementScreen
      search={search}
      improvementId={improvementId}
      onSearchChange={(next) => void navigate({ search: next, params: { improvementId } })}
    />
  );
}

interface Props {
  search: ImprovementSearch;
  improvementId: number | undefined;
  onSearchChange: (search: ImprovementSearch) => void;
}

/**
 * /improvement/ and /improvement/{id}: the reports I may see, filtered, sorted and paged by the
 * server, with counts per status; on a desktop the chosen report opens beside the list, on a
 * phone in its place.
 */
export function ImprovementScreen({ search, improvementId, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const isPhone = useIsMobile();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const listQuery = (size: number) =>
    improvementListQuery(organizationId, {
      statusMap: search.statusMap,
      isUnreadOnly: search.isUnreadOnly,
      isTargetUnread: search.isTargetUnread,
      fromDate: search.fromDate,
      toDate: search.toDate,
      includesUnrelated: search.includesUnrelated,
      searchText: searchTextQuery(search.searchText),
      sortBy: search.sortBy,
      descending: search.descending,
      facilityId: search.facilityId,
      page: search.page,
      size,
    });
  const { size, change, tableProps } = useListState({
    pageSizeList: 'improvement',
    search,
    onSearchChange,
    query: (rows) => asPageQuery(listQuery(rows)),
  });
  // The counts and my side, from the same cache entry as the rows.
  const page = useQuery(listQuery(size)).data;
  const { sortOrder, onSortChange, onSortSelect } = useListSort(search, change, {
    keys: IMPROVEMENT_SORT_KEYS,
    fallback: IMPROVEMENT_SEARCH_DEFAULTS.sortBy,
  });
  const office = page?.side !== 'STORE';
  const open = (row: Improvement) => {
    void navigate({ to: '/improvement/{-$improvementId}', params: { improvementId: row.improvementId }, search });
  };

  if (isPhone && improvementId !== undefined) {
    return <ImprovementDetail improvementId={improvementId} backLink={<BackToList search={search} />} />;
  }

  // Beside a report (the split view) the list is narrow: titles and store names are cut short (whole
  // in their title attribute) so that the status, title and store stay in sight, and the due date and
  // last change are left to the report itself.
  const split = improvementId !== undefined;
  const columns: TableColumnsType<Improvement> = [
    { key: 'status', title: '状態', sorter: true, sortOrder: sortOrder('status'), render: (_, row) => <StatusTag report={row} />, width: 120 },
    {
      key: 'subject',
      title: '件名',
      ellipsis: { showTitle: false },
      render: (_, row) => (
        <Flex vertical gap={0}>
          <Link
            to="/improvement/{-$improvementId}"
            params={{ improvementId: row.improvementId }}
            search={search}
            aria-current={row.improvementId === improvementId ? 'page' : undefined}
            title={row.subject}
            style={{ ...ONE_LINE, ...(row.isUnread ? { fontWeight: 600 } : {}) }}
          >
            {row.subject}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {SOURCE_LABELS[row.sourceKind]}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'facilityNameKana',
      title: '店舗',
      sorter: true,
      sortOrder: sortOrder('facilityNameKana'),
      width: split ? 110 : 180,
      ellipsis: true,
      render: (_, row) => row.facilityName,
    },
    ...(split
      ? []
      : ([
          {
            key: 'dueDate',
            title: '期限',
            sorter: true,
            sortOrder: sortOrder('dueDate'),
            width: 170,
            render: (_, row) => <DueText report={row} />,
          },
          {
            key: 'contentModifyDate',
            title: '最終更新',
            sorter: true,
            sortOrder: sortOrder('contentModifyDate'),
            width: 150,
            render: (_, row) => dateTimeText(row.contentModifyDate),
          },
        ] satisfies TableColumnsType<Improvement>)),
  ];

  const listPart = (
    <>
      <StatusCounts page={page} selected={search.statusMap} onSelect={(statusMap) => { change({ statusMap }); }} />
      <SearchBar value={search.searchText} placeholder="件名・設問・店舗名" onSearch={(searchText) => { change({ searchText }); }}>
        <Select
          mode="multiple"
          aria-label="状態で絞り込み"
          value={search.statusMap ?? []}
          onChange={(statusMap: Improvement['status'][]) => { change({ statusMap: statusMap.length > 0 ? statusMap : undefined }); }}
          options={IMPROVEMENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          placeholder="状態"
          allowClear
          maxTagCount={0}
          maxTagPlaceholder={(chosen) => <ChosenStatuses labels={chosen.map((o) => STATUS_LABELS[o.value as Improvement['status']])} />}
          style={FILTER_WIDTH}
        />
        {office && (
          <FacilityPicker
            aria-label="店舗で絞り込み"
            value={search.facilityId}
            onChange={(facilityId) => { change({ facilityId }); }}
            allowClear
            placeholder="店舗"
            style={FILTER_WIDTH}
          />
        )}
        <DateRangeFilter
          label="作成日で絞り込み"
          from={search.fromDate}
          to={search.toDate}
          placeholder={['作成日から', 'まで']}
          onChange={(fromDate, toDate) => {
            change({ fromDate, toDate });
          }}
        />
        <Checkbox checked={search.isUnreadOnly} onChange={(event) => { change({ isUnreadOnly: event.target.checked }); }}>
          未読のみ
        </Checkbox>
        <Checkbox checked={search.isTargetUnread} onChange={(event) => { change({ isTargetUnread: event.target.checked }); }}>
          相手が未読
        </Checkbox>
        {office && (
          <Checkbox checked={search.includesUnrelated} onChange={(event) => { change({ includesUnrelated: event.target.checked }); }}>
            自グループ外も表示
          </Checkbox>
        )}
        <PhoneSortSelect
          keys={IMPROVEMENT_SORT_KEYS}
          labels={SORT_LABELS}
          sortBy={search.sortBy}
          descending={search.descending}
          onChange={onSortSelect}
        />
      </SearchBar>
      <ListTable<Improvement>
        label="改善報告一覧"
        rowKey={(row) => row.improvementId}
        columns={columns}
        {...tableProps}
        emptyText="該当する改善報告はありません"
        onSortChange={onSortChange}
        onOpen={open}
        selectedKey={improvementId}
        renderCard={(row) => <ImprovementCard row={row} />}
      />
    </>
  );

  return (
    <MasterPage
      title="改善報告"
      actions={
        office && page ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => { setCreating(true); }}>
            新規作成
          </Button>
        ) : undefined
      }
    >
      {improvementId === undefined ? (
        listPart
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={10}>
            {listPart}
          </Col>
          <Col xs={24} xl={14}>
            <ImprovementDetail key={improvementId} improvementId={improvementId} />
          </Col>
        </Row>
      )}
      {creating && (
        <CreateImprovementDialog
          onClose={() => { setCreating(false); }}
          onCreated={(id) => {
            setCreating(false);
            void navigate({ to: '/improvement/{-$improvementId}', params: { improvementId: id }, search });
          }}
        />
      )}
    </MasterPage>
  );
}

/** The counts per status of the same filter; a tap filters by that status. */
function StatusCounts({
  page,
  selected,
  onSelect,
}: {
  page: ImprovementPage | undefined;
  selected: ImprovementSearch['statusMap'];
  onSelect: (statusMap: ImprovementSearch['statusMap']) => void;
}) {
  if (!page) return null;
  const only = selected?.length === 1 ? selected[0] : undefined;
  return (
    <Flex gap={6} wrap style={{ marginBottom: 12 }} role="group" aria-label="状態ごとの件数">
      {page.counts.map(({ status, count }) => (
        <Tag.CheckableTag
          key={status}
          checked={only === status}
          onChange={(checked) => { onSelect(checked ? [status] : undefined); }}
          style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', paddingBlock: 2 }}
        >
          <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 4 }}>
            {STATUS_LABELS[status]}
          </Tag>
          {count}件
        </Tag.CheckableTag>
      ))}
      {page.overdueCount > 0 && <Tag color="error">期限切れ {page.overdueCount}件</Tag>}
      <Typography.Text type="secondary">あなたの対応待ち {page.waitingCount}件</Typography.Text>
    </Flex>
  );
}

/**
 * The statuses the list is narrowed to, by name and on one line, in the status box: antd's own tags
 * left the box showing only 「+ 2 …」 at its width, so the list's filter could not be read.
 */
function ChosenStatuses({ labels }: { labels: string[] }) {
  const text = labels.join('・');
  return (
    <span title={text} style={ONE_LINE}>
      {text}
    </span>
  );
}

/** One report on a phone. */
function ImprovementCard({ row }: { row: Improvement }) {
  return (
    <Flex vertical gap={4} data-testid="improvement-card">
      <Flex justify="space-between" align="start" gap="small">
        <Typography.Text strong={row.isUnread}>{row.subject}</Typography.Text>
        <StatusTag report={row} />
      </Flex>
      <Typography.Text type="secondary">
        {row.facilityName}・{SOURCE_LABELS[row.sourceKind]}
      </Typography.Text>
      <Flex justify="space-between" gap="small" wrap>
        <span>
          期限 <DueText report={row} />
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {dateTimeText(row.contentModifyDate)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

