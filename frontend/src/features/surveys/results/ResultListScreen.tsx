import { failedRead } from '@/features/masters/common/failedRead';
import { useListPageSize } from '@/features/masters/common/pageSize';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Checkbox, Flex, Select, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect } from 'react';
import { facilityAttributesQuery } from '@/features/masters/facility/queries';
import { GroupTreeSelect } from '@/features/masters/common/GroupTreeSelect';
import { changedSearch, searchTextQuery } from '@/features/masters/common/listSearch';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { MasterTable } from '@/features/masters/common/MasterTable';
import { SearchBar } from '@/features/masters/common/SearchBar';
import { useGroupList, useOrganizationId } from '@/features/masters/common/session';
import type { SurveyResultListQuery } from './api';
import { NpsStackedBar } from './charts';
import { averageText, periodText, SURVEY_RESULT_TITLE } from './format';
import { NpsValue } from './parts';
import { surveyNamesQuery, surveyResultListQuery } from './queries';
import type { SurveyResultSearch } from './schema';
import type { SurveyResultRow } from './types';

interface Props {
  search: SurveyResultSearch;
  onSearchChange: (search: SurveyResultSearch) => void;
}

const routeApi = getRouteApi('/survey_result/');

/** The route's component: the screen on the URL's search state. */
export function SurveyResultListPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onSearchChange = useCallback(
    (next: SurveyResultSearch) => {
      void navigate({ search: next });
    },
    [navigate],
  );
  return <SurveyResultListScreen search={search} onSearchChange={onSearchChange} />;
}

const rowKey = (row: SurveyResultRow) => `${String(row.surveyId)}-${String(row.facilityId)}`;

function DetailLink({ row, children }: { row: SurveyResultRow; children: React.ReactNode }) {
  return (
    <Link to="/survey_result/$surveyId" params={{ surveyId: row.surveyId }}>
      {children}
    </Link>
  );
}

/**
 * /survey_result/: one row per survey and target store with answers, NPS, the promoter /
 * passive / detractor split and the mean rating, filtered and paged by the server.
 */
export function SurveyResultListScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const navigate = useNavigate();
  const [preferredSize, setPreferredSize] = useListPageSize('surveyResult');
  const size = search.size ?? preferredSize;

  const query: SurveyResultListQuery = {
    surveyId: search.surveyId,
    facilityName: searchTextQuery(search.facilityName),
    groupId: search.groupId,
    facilityAttributeId: search.facilityAttributeId,
    includeOutOfPeriod: search.includeOutOfPeriod,
    page: search.page,
    size,
  };
  const list = useQuery(surveyResultListQuery(organizationId, query));
  const groups = useGroupList();
  const tags = useQuery(facilityAttributesQuery(organizationId));
  const surveys = useQuery(surveyNamesQuery(organizationId));

  const change = (patch: Partial<SurveyResultSearch>) => {
    onSearchChange(changedSearch(search, patch));
  };

  // A page past the end (an old link, fewer rows now): show the last page instead.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && search.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onSearchChange({ ...search, page: lastPage });
  }, [pastTheEnd, lastPage, search, onSearchChange]);

  const columns: TableColumnsType<SurveyResultRow> = [
    {
      key: 'survey',
      title: 'アンケート',
      render: (_, row) => (
        <Flex vertical gap={0}>
          <DetailLink row={row}>{row.surveyName}</DetailLink>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {periodText(row.fromDate, row.toDate)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'facility', title: '店舗', dataIndex: 'facilityName' },
    { key: 'group', title: 'グループ', dataIndex: 'groupName' },
    { key: 'answerCount', title: '回答数', align: 'right', render: (_, row) => `${String(row.answerCount)}件` },
    { key: 'nps', title: 'NPS', align: 'right', render: (_, row) => <NpsValue nps={row.nps} strong /> },
    { key: 'split', title: '推奨者 / 中立者 / 批判者', render: (_, row) => <NpsStackedBar tally={row} /> },
    { key: 'rating', title: '評価平均', align: 'right', render: (_, row) => averageText(row.ratingAverage) },
  ];

  return (
    <MasterPage title={SURVEY_RESULT_TITLE}>
      <SearchBar
        value={search.facilityName}
        placeholder="店舗名"
        onSearch={(facilityName) => {
          change({ facilityName });
        }}
      >
        <Select<number>
          aria-label="アンケートで絞り込み"
          value={search.surveyId ?? null}
          onChange={(surveyId?: number) => {
            change({ surveyId });
          }}
          options={(surveys.data ?? []).map((survey) => ({ value: survey.surveyId, label: survey.surveyName }))}
          placeholder="アンケート"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={surveys.isPending}
          popupMatchSelectWidth={false}
          style={{ flex: '1 1 180px', maxWidth: 260 }}
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
        <Checkbox
          checked={search.includeOutOfPeriod}
          onChange={(event) => {
            change({ includeOutOfPeriod: event.target.checked });
          }}
          style={{ alignSelf: 'center' }}
        >
          期間外も表示
        </Checkbox>
      </SearchBar>
      <MasterTable<SurveyResultRow>
        label="アンケート結果一覧"
        rowKey={rowKey}
        columns={columns}
        items={list.data?.items}
        total={total}
        page={search.page}
        size={size}
        fetching={list.isFetching}
        emptyText="該当するアンケート結果はありません"
        error={failedRead(list)}
        onPageChange={(page, nextSize) => {
          if (nextSize !== size) setPreferredSize(nextSize);
          onSearchChange({ ...search, page, size: undefined });
        }}
        onOpen={(row) => void navigate({ to: '/survey_result/$surveyId', params: { surveyId: row.surveyId } })}
        renderCard={(row) => <SurveyResultCard row={row} />}
      />
    </MasterPage>
  );
}

/** One row on a phone. */
function SurveyResultCard({ row }: { row: SurveyResultRow }) {
  return (
    <Flex vertical gap={4} data-testid="survey-result-card">
      <Flex justify="space-between" align="start" gap="small">
        <Flex vertical gap={0}>
          <Typography.Text strong>{row.facilityName}</Typography.Text>
          <Typography.Text type="secondary">{row.groupName}</Typography.Text>
        </Flex>
        <Flex vertical align="end" gap={0}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            NPS
          </Typography.Text>
          <NpsValue nps={row.nps} strong />
        </Flex>
      </Flex>
      <Typography.Text>{row.surveyName}</Typography.Text>
      <Flex justify="space-between" align="end" gap="small" wrap>
        <NpsStackedBar tally={row} />
        <Flex vertical align="end" gap={0}>
          <Typography.Text>回答 {row.answerCount}件</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            評価平均 {averageText(row.ratingAverage)}
          </Typography.Text>
        </Flex>
      </Flex>
    </Flex>
  );
}
