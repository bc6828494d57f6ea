import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, Button, Drawer, Flex, Progress, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { api } from '@/lib/api/client';
import type { ApiFailure } from '@/lib/api/outcome';
import { ApiError, fetchData, send } from '@/lib/api/send';
import { retryUnlessRefused } from '@/lib/api/retry';
import type { components } from '@/lib/api/schema.gen';
import { dayjs } from '@/lib/time/dayjs';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useOrganizationId } from '@/features/masters/common/session';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { DATE_FORMAT } from '@/shared/dates/format';
import { RangePicker } from '@/shared/dates/pickers';
import { dateTime } from '@/shared/files/format';
import { ListTable } from '@/shared/list/ListTable';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { periodOf, type CheckHistorySearch } from './schema';

type Day = components['schemas']['CheckHistoryDay'];
type Sheet = components['schemas']['CheckHistorySheet'];

/** A refused read that keeps the server's message per field (the period's is under historyDateTo). */
class RefusedRead extends ApiError {
  readonly fieldErrors: Record<string, string>;

  constructor(failure: ApiFailure) {
    super(failure);
    this.fieldErrors = failure.fieldErrors ?? {};
  }
}

const daysQuery = (organizationId: number, from: string, to: string) =>
  queryOptions({
    queryKey: ['checkHistory', organizationId, from, to],
    queryFn: async () => {
      const outcome = await send(() => api.GET('/api/system/check_history', { params: { query: { historyDateFrom: from, historyDateTo: to } } }));
      if (!outcome.ok) throw new RefusedRead(outcome.failure);
      return outcome.data;
    },
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

const sheetsQuery = (organizationId: number, day: Day, page: number, size: number) =>
  queryOptions({
    queryKey: ['checkHistory', organizationId, 'sheets', day.organizationId, day.date, page, size],
    queryFn: () =>
      fetchData(() =>
        api.GET('/api/system/check_history/sheets', { params: { query: { organizationId: day.organizationId, date: day.date, page, size } } }),
      ),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

const routeApi = getRouteApi('/system/check_history/');

export function CheckHistoryPage() {
  return <CheckHistoryScreen {...useRouteSearch<CheckHistorySearch>(routeApi)} />;
}

const DAY_PAGE = 20;
/** The longest period read at once (the server's limit). */
const MAX_DAYS = 92;
const MSG_TOO_LONG = '期間は92日以内で指定してください。';
const MSG_REVERSED = '終了日は開始日以降の日付にしてください。';
const dayText = (date: string) => dayjs(date).format(`${DATE_FORMAT}(dd)`);

function Completion({ day }: { day: Day }) {
  if (day.expected === 0) return <Typography.Text type="secondary">対象なし</Typography.Text>;
  return (
    <Flex vertical gap={0}>
      <Progress percent={Math.round(day.completionRate)} size="small" aria-label={`完了率 ${String(Math.round(day.completionRate))}%`} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {day.done} / {day.expected}
      </Typography.Text>
    </Flex>
  );
}

/**
 * /system/check_history/ (ROLE_SYSTEM_ADMIN; shown for any selected organization): check activity
 * per organization and day — sheets started, submitted, and the completion rate of the sheets due
 * that day — newest first; a day opens its sheets. Every organization while the system
 * organization is selected, the selected one otherwise. The period is in the URL (this month by
 * default).
 */
export function CheckHistoryScreen({ search, onSearchChange }: { search: CheckHistorySearch; onSearchChange: (s: CheckHistorySearch) => void }) {
  const organizationId = useOrganizationId();
  const { from, to } = periodOf(search);
  // The server refuses the same periods with the same words (under historyDateTo); checking here
  // first spares the request. A refusal it still gives shows its field message, not the general one.
  const periodProblem = to < from ? MSG_REVERSED : dayjs(to).diff(dayjs(from), 'day') > MAX_DAYS - 1 ? MSG_TOO_LONG : null;
  const days = useQuery({ ...daysQuery(organizationId, from, to), enabled: periodProblem === null });
  const { page } = search;
  const [opened, setOpened] = useState<Day | null>(null);
  const fieldError = days.error instanceof RefusedRead ? (days.error.fieldErrors.historyDateTo ?? days.error.fieldErrors.historyDateFrom) : undefined;
  const rangeError = periodProblem ?? fieldError ?? null;
  const readError = rangeError ?? (days.error instanceof ApiError ? days.error.message : null);
  const items = days.data?.slice((page - 1) * DAY_PAGE, page * DAY_PAGE);
  const columns: TableColumnsType<Day> = [
    { key: 'date', title: '日付', width: 130, render: (_, d) => dayText(d.date) },
    { key: 'org', title: '組織', render: (_, d) => d.organizationName },
    { key: 'opened', title: '開始', width: 90, align: 'right', render: (_, d) => d.opened },
    { key: 'submitted', title: '提出', width: 90, align: 'right', render: (_, d) => d.submitted },
    { key: 'rate', title: '完了率', width: 200, render: (_, d) => <Completion day={d} /> },
    {
      key: 'open',
      width: 120,
      render: (_, d) => (
        <Button
          size="small"
          aria-label={`${dayText(d.date)} ${d.organizationName}のシート`}
          onClick={() => {
            setOpened(d);
          }}
        >
          シートを見る
        </Button>
      ),
    },
  ];
  return (
    <MasterPage title="チェック履歴">
      <Flex wrap gap="small" align="center" style={{ marginBottom: 12 }}>
        <RangePicker
          aria-label="期間"
          allowClear={false}
          value={[dayjs(from), dayjs(to)]}
          status={rangeError ? 'error' : ''}
          onChange={(range) => {
            if (!range?.[0] || !range[1]) return;
            onSearchChange({ historyDateFrom: range[0].format('YYYY-MM-DD'), historyDateTo: range[1].format('YYYY-MM-DD'), page: 1 });
          }}
        />
        <Typography.Text type="secondary">開始はその日に回答を始めたシート、完了率はその日までに提出された割合です。</Typography.Text>
      </Flex>
      <ListTable<Day>
        label="チェック履歴"
        rowKey={(d) => `${String(d.organizationId)}-${d.date}`}
        columns={columns}
        items={items}
        total={days.data?.length ?? 0}
        page={page}
        size={DAY_PAGE}
        fetching={days.isFetching}
        emptyText="この期間のチェックはありません"
        // A period in error reads nothing: its message stands in place of the rows, never "no checks".
        error={readError ? <Alert type="error" showIcon title={readError} /> : undefined}
        onPageChange={(next) => {
          onSearchChange({ ...search, page: next });
        }}
        onOpen={setOpened}
        renderCard={(d) => (
          <Flex vertical gap={4}>
            <Typography.Text strong>
              {dayText(d.date)} {d.organizationName}
            </Typography.Text>
            <Typography.Text type="secondary">
              開始 {d.opened}・提出 {d.submitted}
            </Typography.Text>
            <Completion day={d} />
          </Flex>
        )}
      />
      <DaySheets day={opened} organizationId={organizationId} onClose={() => { setOpened(null); }} />
    </MasterPage>
  );
}

const SHEET_PAGE = 20;

function DaySheets({ day, organizationId, onClose }: { day: Day | null; organizationId: number; onClose: () => void }) {
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={day !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 640}
      title={day ? `${dayText(day.date)} ${day.organizationName}` : ''}
      destroyOnHidden
    >
      {day && <SheetList day={day} organizationId={organizationId} />}
    </Drawer>
  );
}

function SheetList({ day, organizationId }: { day: Day; organizationId: number }) {
  const [page, setPage] = useState(1);
  const sheets = useQuery(sheetsQuery(organizationId, day, page, SHEET_PAGE));
  const state = (s: Sheet) =>
    s.submittedDate ? `提出 ${dateTime(s.submittedDate)}` : `回答中 ${String(s.answered)} / ${String(s.total)}`;
  const columns: TableColumnsType<Sheet> = [
    { key: 'store', title: '店舗', render: (_, s) => s.facilityName },
    { key: 'list', title: 'チェックリスト', render: (_, s) => s.checkListMasterName },
    { key: 'opened', title: '開始', width: 130, render: (_, s) => (s.openedDate ? dateTime(s.openedDate) : '') },
    { key: 'state', title: '状態', width: 150, render: (_, s) => state(s) },
  ];
  return (
    <ListTable<Sheet>
      label="この日のシート"
      rowKey={(s) => s.sheetId}
      columns={columns}
      items={sheets.data?.items}
      total={sheets.data?.total ?? 0}
      page={page}
      size={SHEET_PAGE}
      fetching={sheets.isFetching}
      emptyText="シートはありません"
      onPageChange={(next) => {
        setPage(next);
      }}
      renderCard={(s) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{s.facilityName}</Typography.Text>
          <Typography.Text>{s.checkListMasterName}</Typography.Text>
          <Typography.Text type="secondary">{state(s)}</Typography.Text>
        </Flex>
      )}
    />
  );
}
