import { RightOutlined } from '@ant-design/icons';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Card, Collapse, Empty, Flex, Progress, Skeleton, Tag, Typography } from 'antd';
import { StoreImprovementShortcut } from '@/features/improvement/StoreShortcut';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { NotificationSettingsPanel } from '@/features/notifications/NotificationSettings';
import { QueryError } from '@/shared/feedback/QueryError';
import { useOrganizationId } from '@/features/masters/common/session';
import { ApiError } from '@/lib/api/send';
import type { OpenCheck } from './api';
import { openChecksQuery } from './queries';
import { tokyoToday } from '@/lib/time/today';
import { dueText, progressTag, showPeriod, TEXTS } from './texts';

/** HTTP 422: the server refused on purpose, here "the user has no affiliated store". */
const REFUSED = 422;

/** Newest period first; of two starting the same day, the one ending sooner. */
function newestFirst(a: OpenCheck, b: OpenCheck): number {
  if (a.fromDate !== b.fromDate) return a.fromDate < b.fromDate ? 1 : -1;
  if (a.toDate !== b.toDate) return a.toDate < b.toDate ? -1 : 1;
  return a.checkListMasterName.localeCompare(b.checkListMasterName, 'ja');
}

/** /check/: the checks the user's store can answer today, each opening its sheet. */
export function OpenChecksScreen() {
  const organizationId = useOrganizationId();
  const open = useQuery(openChecksQuery(organizationId));
  return (
    <MasterPage title={TEXTS.title}>
      <StoreImprovementShortcut />
      <OpenChecksBody query={open} />
      <Collapse
        style={{ maxWidth: 720, marginTop: 16 }}
        items={[{ key: 'notify', label: '通知を受け取る', children: <NotificationSettingsPanel /> }]}
      />
    </MasterPage>
  );
}

function OpenChecksBody({ query }: { query: UseQueryResult<OpenCheck[], unknown> }) {
  if (query.isError) {
    // No affiliated store (or a system admin acting in another organization): the server says so.
    if (query.error instanceof ApiError && query.error.code === REFUSED) {
      return <Alert type="info" showIcon title={query.error.message} />;
    }
    return (
      <QueryError
        error={query.error}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }
  if (!query.data) {
    return (
      <div aria-busy="true" aria-label={TEXTS.listLabel}>
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXTS.empty} />
      </Card>
    );
  }
  const today = tokyoToday();
  return (
    <ul aria-label={TEXTS.listLabel} style={{ listStyle: 'none', margin: 0, padding: 0, maxWidth: 720 }}>
      {[...query.data].sort(newestFirst).map((check) => (
        <li key={check.periodId} style={{ marginBottom: 12 }}>
          <OpenCheckCard check={check} today={today} />
        </li>
      ))}
    </ul>
  );
}

function OpenCheckCard({ check, today }: { check: OpenCheck; today: string }) {
  const tag = progressTag(check);
  const percent = check.totalCount > 0 ? Math.round((check.answeredCount / check.totalCount) * 100) : 0;
  return (
    <Link
      to="/check/$periodId"
      params={{ periodId: check.periodId }}
      style={{ display: 'block', color: 'inherit' }}
    >
      <Card hoverable size="small" styles={{ body: { padding: 16 } }}>
        <Flex align="center" gap="middle">
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Flex align="center" gap="small" wrap>
              <Typography.Text strong style={{ fontSize: 16 }}>
                {check.checkListMasterName}
              </Typography.Text>
              <Tag color={tag.color} style={{ marginInlineEnd: 0 }}>
                {tag.text}
              </Tag>
            </Flex>
            <Typography.Text type="secondary">
              {showPeriod(check.fromDate, check.toDate)}(期限 {dueText(check.toDate, today)})
            </Typography.Text>
            <Flex align="center" gap="small">
              <Progress
                percent={percent}
                showInfo={false}
                size="small"
                status={check.submitted ? 'success' : 'normal'}
                style={{ flex: 1, margin: 0 }}
                aria-hidden
              />
              <Typography.Text style={{ whiteSpace: 'nowrap' }}>
                {TEXTS.answered(check.answeredCount, check.totalCount)}
              </Typography.Text>
            </Flex>
          </Flex>
          <RightOutlined aria-hidden />
        </Flex>
      </Card>
    </Link>
  );
}
