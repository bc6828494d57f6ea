import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Card, Col, Flex, Row, Segmented, Skeleton, Statistic, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { FacilityPicker } from '@/features/masters/facility/FacilityPicker';
import { RangePicker } from '@/shared/dates/pickers';
import { QueryError } from '@/shared/feedback/QueryError';
import { useOrganizationId } from '@/features/masters/common/session';
import { FacilityTagFilter, GroupFilter } from '@/shared/list/filters';
import { loadSearchState } from '@/lib/routing/searchState';
import { usePageTitle } from '@/lib/session/pageTitle';
import { dayjs } from '@/lib/time/dayjs';
import type { SurveyResultFilter } from './api';
import { ChoiceBars, NpsStackedBar, NpsTrendChart, ScoreDistributionChart } from './charts';
import { NPS_COLORS } from './colors';
import { CommentList } from './CommentList';
import { averageText, SURVEY_RESULT_TITLE } from './format';
import { NpsValue } from './parts';
import { surveyResultDetailQuery } from './queries';
import { Ranking } from './Ranking';
import { surveyResultSearchSchema, type SurveyResultDetailSearch } from './schema';
import type { SurveyResultDetail } from './types';

const detailRoute = getRouteApi('/survey_result/$surveyId');

/** /survey_result/{surveyId}: a new screen per survey, its filters in the URL. */
export function SurveyResultDetailPage() {
  const { surveyId } = detailRoute.useParams();
  const search = detailRoute.useSearch();
  const navigate = detailRoute.useNavigate();
  return (
    <SurveyResultDetailScreen
      key={surveyId}
      surveyId={surveyId}
      search={search}
      onSearchChange={(next) => {
        void navigate({ search: next });
      }}
    />
  );
}

/** Back to the list as the user left it (docs/product/shell.md: the list's search is kept). */
function BackLink() {
  return (
    <ButtonLink
      to="/survey_result/"
      search={surveyResultSearchSchema.parse(loadSearchState('SurveyResult'))}
      icon={<ArrowLeftOutlined />}
    >
      一覧に戻る
    </ButtonLink>
  );
}

const INTERVAL_OPTIONS = [
  { value: 'WEEK' as const, label: '週別' },
  { value: 'MONTH' as const, label: '月別' },
];

/** One survey's results: NPS and its trend, the 0–10 split, each question, comments and rankings. */
export function SurveyResultDetailScreen({
  surveyId,
  search,
  onSearchChange,
}: {
  surveyId: number;
  search: SurveyResultDetailSearch;
  onSearchChange: (search: SurveyResultDetailSearch) => void;
}) {
  const organizationId = useOrganizationId();
  const filter: SurveyResultFilter = {
    facilityId: search.facilityId,
    groupId: search.groupId,
    facilityAttributeId: search.facilityAttributeId,
    fromDate: search.fromDate,
    toDate: search.toDate,
  };
  const detail = useQuery(surveyResultDetailQuery(organizationId, surveyId, filter, search.interval));
  usePageTitle(detail.data?.surveyName ?? null);

  const change = (patch: Partial<SurveyResultDetailSearch>) => {
    onSearchChange({ ...search, ...patch });
  };

  if (detail.isError && !detail.data) {
    return (
      <MasterPage title={SURVEY_RESULT_TITLE} actions={<BackLink />}>
        <QueryError
          error={detail.error}
          onRetry={() => {
            void detail.refetch();
          }}
        />
      </MasterPage>
    );
  }
  if (!detail.data) {
    return (
      <MasterPage title={SURVEY_RESULT_TITLE} actions={<BackLink />}>
        <div aria-busy="true" aria-label="読み込み中">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </MasterPage>
    );
  }
  const result = detail.data;
  // Other filters are loading: the figures shown are still the previous ones.
  const refreshing = detail.isFetching && detail.isPlaceholderData;
  const period: [Dayjs | null, Dayjs | null] = [
    search.fromDate ? dayjs(search.fromDate) : null,
    search.toDate ? dayjs(search.toDate) : null,
  ];

  return (
    <MasterPage title={result.surveyName} actions={<BackLink />}>
      <Flex vertical gap="middle">
        <Flex wrap gap="small" role="search" aria-label="絞り込み">
          <RangePicker
            aria-label="期間で絞り込み"
            value={period}
            placeholder={['開始日', '終了日']}
            allowEmpty={[true, true]}
            onChange={(dates) => {
              change({
                fromDate: dates?.[0]?.format('YYYY-MM-DD') ?? undefined,
                toDate: dates?.[1]?.format('YYYY-MM-DD') ?? undefined,
              });
            }}
            style={{ flex: '1 1 240px', maxWidth: 300 }}
          />
          <FacilityPicker
            aria-label="店舗で絞り込み"
            value={search.facilityId}
            onChange={(facilityId) => {
              change({ facilityId });
            }}
            allowClear
            placeholder="店舗"
            style={{ flex: '1 1 160px', maxWidth: 240 }}
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
        </Flex>

        <Flex
          vertical
          gap="middle"
          aria-busy={refreshing}
          style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 0.2s' }}
        >
          <Summary result={result} />

          <Row gutter={[16, 16]}>
            <Col xs={24} lg={14}>
              <Card
                size="small"
                title="NPSの推移"
                extra={
                  <Segmented
                    aria-label="集計単位"
                    size="small"
                    value={search.interval}
                    options={INTERVAL_OPTIONS}
                    onChange={(interval) => {
                      change({ interval });
                    }}
                  />
                }
              >
                <NpsTrendChart points={result.trend} interval={search.interval} />
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card size="small" title="おすすめ度（0〜10）の分布">
                <ScoreDistributionChart distribution={result.distribution} />
              </Card>
            </Col>
          </Row>

          <Card size="small" title="質問ごとの回答">
            {result.questions.length === 0 ? (
              <Typography.Text type="secondary">選択式・評価の質問はありません</Typography.Text>
            ) : (
              <Row gutter={[24, 24]}>
                {result.questions.map((question) => (
                  <Col key={question.questionId} xs={24} md={12}>
                    <Flex vertical gap="small">
                      <Flex justify="space-between" gap="small" wrap>
                        <Typography.Text strong>{question.text}</Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          回答 {question.answerCount}件
                          {question.average !== null && question.average !== undefined && (
                            <> ・ 平均 {averageText(question.average)}</>
                          )}
                        </Typography.Text>
                      </Flex>
                      <ChoiceBars question={question} />
                    </Flex>
                  </Col>
                ))}
              </Row>
            )}
          </Card>

          <Card size="small" title="ランキング">
            <Tabs
              items={[
                {
                  key: 'facility',
                  label: '店舗',
                  children: <Ranking rows={result.facilityRanking} label="店舗ランキング" nameTitle="店舗" />,
                },
                {
                  key: 'group',
                  label: 'グループ',
                  children: <Ranking rows={result.groupRanking} label="グループランキング" nameTitle="グループ" />,
                },
              ]}
            />
          </Card>
        </Flex>

        <Card size="small" title="コメント">
          <CommentList organizationId={organizationId} surveyId={surveyId} filter={filter} />
        </Card>
      </Flex>
    </MasterPage>
  );
}

/** NPS, answers and the split under the filters. */
function Summary({ result }: { result: SurveyResultDetail }) {
  return (
    <Card size="small" role="region" aria-label="概要">
      <Row gutter={[16, 16]} align="middle">
        <Col xs={12} md={5}>
          <Statistic title="NPS" valueRender={() => <NpsValue nps={result.nps} strong fontSize={24} />} />
        </Col>
        <Col xs={12} md={5}>
          <Statistic title="回答数" value={result.answerCount} suffix="件" />
        </Col>
        <Col xs={8} md={3}>
          <Statistic title="推奨者" value={result.promoterCount} styles={{ content: { color: NPS_COLORS.promoter } }} />
        </Col>
        <Col xs={8} md={3}>
          <Statistic title="中立者" value={result.passiveCount} styles={{ content: { color: NPS_COLORS.passive } }} />
        </Col>
        <Col xs={8} md={3}>
          <Statistic title="批判者" value={result.detractorCount} styles={{ content: { color: NPS_COLORS.detractor } }} />
        </Col>
        <Col xs={24} md={5}>
          <NpsStackedBar tally={result} width="100%" />
        </Col>
      </Row>
    </Card>
  );
}
