import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Card, Descriptions, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { QueryError } from '@/shared/feedback/QueryError';
import { useOrganizationId, useOrganizationOptions } from '@/features/masters/common/session';
import { CreateFromAnswerButton } from '@/features/improvement/CreateFromAnswerButton';
import { loadSearchState } from '@/lib/routing/searchState';
import { usePageTitle } from '@/lib/session/pageTitle';
import { AnswerList } from './AnswerList';
import { chosen, dateTimeText, detailTitle, periodText, STATUS_TITLE } from './format';
import { HistoryList } from './HistoryList';
import { CountBar, ProgressTag, ScoreText } from './parts';
import { statusDetailQuery } from './queries';
import { statusSearchSchema } from './schema';
import type { SheetCategory } from './types';

const detailRoute = getRouteApi('/status/$facilityId/$checkListMasterId');

/** /status/{facilityId}/{checkListMasterId}: a new screen per store and list. */
export function StatusDetailPage() {
  const { facilityId, checkListMasterId } = detailRoute.useParams();
  const { periodId } = detailRoute.useSearch();
  const navigate = detailRoute.useNavigate();
  return (
    <StatusDetailScreen
      key={`${facilityId}-${checkListMasterId}`}
      facilityId={facilityId}
      checkListMasterId={checkListMasterId}
      periodId={periodId}
      onPeriodChange={(next) => {
        void navigate({ search: { periodId: next } });
      }}
    />
  );
}

/** Back to the list as the user left it (docs/product/shell.md: the list's search is kept). */
function BackLink() {
  return (
    <ButtonLink to="/status/" search={statusSearchSchema.parse(loadSearchState('Status'))} icon={<ArrowLeftOutlined />}>
      一覧に戻る
    </ButtonLink>
  );
}

type Shown = 'all' | 'bad';

/** Only the items answered with a bad result, categories without one left out. */
function badOnly(categories: readonly SheetCategory[]): SheetCategory[] {
  return categories
    .map((category) => ({ ...category, itemList: category.itemList.filter((item) => chosen(item)?.bad === true) }))
    .filter((category) => category.itemList.length > 0);
}

/** One store's answers to one check list in its current (or last) period, and its earlier periods. */
export function StatusDetailScreen({
  facilityId,
  checkListMasterId,
  periodId,
  onPeriodChange,
}: {
  facilityId: number;
  checkListMasterId: number;
  /** The period shown (one of the history); the latest when undefined. */
  periodId?: number | undefined;
  /** Shows another period of the history (undefined: the latest). */
  onPeriodChange?: (periodId: number | undefined) => void;
}) {
  const organizationId = useOrganizationId();
  const options = useOrganizationOptions();
  const detail = useQuery(statusDetailQuery(organizationId, facilityId, checkListMasterId, periodId));
  const [shown, setShown] = useState<Shown>('all');
  const sheet = detail.data?.sheet;
  usePageTitle(sheet ? detailTitle(sheet) : null);

  if (detail.isError) {
    return (
      <MasterPage title={STATUS_TITLE} actions={<BackLink />}>
        <QueryError
          error={detail.error}
          onRetry={() => {
            void detail.refetch();
          }}
        />
      </MasterPage>
    );
  }
  if (!detail.data || !sheet) {
    return (
      <MasterPage title={STATUS_TITLE} actions={<BackLink />}>
        <div aria-busy="true" aria-label="読み込み中">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </MasterPage>
    );
  }

  const badCount = sheet.categoryList.reduce(
    (sum, category) => sum + category.itemList.filter((item) => chosen(item)?.bad === true).length,
    0,
  );
  const categories = shown === 'bad' ? badOnly(sheet.categoryList) : sheet.categoryList;

  return (
    <MasterPage title={detailTitle(sheet)} actions={<BackLink />}>
      <Flex vertical gap="middle">
        <Card size="small" role="region" aria-label="概要">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'facility', label: '店舗', children: sheet.facilityName },
              { key: 'checkList', label: 'チェックリスト', children: sheet.checkListMasterName },
              { key: 'period', label: '期間', children: periodText(sheet.fromDate, sheet.toDate) },
              { key: 'progress', label: '進捗', children: <ProgressTag progress={sheet.progress} submitted={sheet.submitted} /> },
              {
                key: 'count',
                label: '回答数',
                children: <CountBar answered={sheet.answeredCount} total={sheet.totalCount} width={160} />,
              },
              { key: 'score', label: 'スコア', children: <ScoreText score={sheet.score} possibleScore={sheet.possibleScore} answered={sheet.answeredCount} total={sheet.totalCount} /> },
              { key: 'bad', label: '要改善', children: `${badCount}件` },
              { key: 'lastInput', label: '最終入力日時', children: dateTimeText(sheet.lastInputAt) || '－' },
              {
                key: 'submitted',
                label: '提出日時',
                children: sheet.submitted ? dateTimeText(sheet.submittedAt) || '提出済' : '未提出',
              },
            ]}
          />
        </Card>

        <Card size="small" title="実施履歴">
          <HistoryList
            history={detail.data.history}
            currentPeriodId={sheet.periodId}
            onSelect={
              onPeriodChange &&
              ((selected) => {
                onPeriodChange(selected === detail.data.history[0]?.periodId ? undefined : selected);
              })
            }
          />
        </Card>

        <Flex justify="space-between" align="center" wrap gap="small">
          <Typography.Title level={3} style={{ margin: 0 }}>
            回答内容
          </Typography.Title>
          <Segmented<Shown>
            aria-label="表示する項目"
            value={shown}
            onChange={setShown}
            options={[
              { value: 'all', label: 'すべて' },
              { value: 'bad', label: `要改善のみ（${badCount}）` },
            ]}
          />
        </Flex>
        <AnswerList
          categories={categories}
          organizationId={organizationId}
          renderAction={
            options.data?.availableImprovement
              ? (item) => <CreateFromAnswerButton facilityId={facilityId} periodId={sheet.periodId} itemId={item.itemId} />
              : undefined
          }
        />
      </Flex>
    </MasterPage>
  );
}
