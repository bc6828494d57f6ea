import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Flex, Typography, type TableColumnsType } from 'antd';
import { searchTextQuery } from '@/shared/list/listSearch';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { SearchBar } from '@/shared/list/SearchBar';
import { useOrganizationId } from '@/features/masters/common/session';
import { FacilityTagFilter, GroupFilter, OutOfPeriodFilter, SurveyFilter } from '@/shared/list/filters';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { NpsStackedBar } from './charts';
import { averageText, periodText, SURVEY_RESULT_TITLE } from './format';
import { NpsValue } from './parts';
import { surveyResultListQuery } from './queries';
import type { SurveyResultSearch } from './schema';
import type { SurveyResultRow } from './types';

interface Props {
  search: SurveyResultSearch;
  onSearchChange: (search: SurveyResultSearch) => void;
}

const routeApi = getRouteApi('/survey_result/');

/** The route's component: the screen on the URL's search state. */
export function SurveyResultListPage() {
  return <SurveyResultListScreen {...useRouteSearch<SurveyResultSearch>(routeApi)} />;
}

const rowKey = (row: SurveyResultRow) => `${String(row.surveyId)}-${String(row.facilityId)}`;

/** A row is one survey at one store: it opens that store's results, the store filter shown to clear. */
const storeResults = (row: SurveyResultRow) => ({ facilityId: row.facilityId });

function DetailLink({ row, children }: { row: SurveyResultRow; children: React.ReactNode }) {
  return (
    <Link to="/survey_result/$surveyId" params={{ surveyId: row.surveyId }} search={storeResults(row)}>
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
  const { change, tableProps } = useListState({
    pageSizeList: 'surveyResult',
    search,
    onSearchChange,
    query: (size) =>
      surveyResultListQuery(organizationId, {
        surveyId: search.surveyId,
        facilityName: searchTextQuery(search.facilityName),
        groupId: search.groupId,
        facilityAttributeId: search.facilityAttributeId,
        includeOutOfPeriod: search.includeOutOfPeriod,
        page: search.page,
        size,
      }),
  });

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
        <SurveyFilter
          value={search.surveyId}
          onChange={(surveyId) => {
            change({ surveyId });
          }}
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
        <OutOfPeriodFilter
          checked={search.includeOutOfPeriod}
          onChange={(includeOutOfPeriod) => {
            change({ includeOutOfPeriod });
          }}
        />
      </SearchBar>
      <ListTable<SurveyResultRow>
        label="アンケート結果一覧"
        rowKey={rowKey}
        columns={columns}
        {...tableProps}
        emptyText="該当するアンケート結果はありません"
        onOpen={(row) => void navigate({ to: '/survey_result/$surveyId', params: { surveyId: row.surveyId }, search: storeResults(row) })}
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
