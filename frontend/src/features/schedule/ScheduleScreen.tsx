import { PlayCircleOutlined } from '@ant-design/icons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Popconfirm, Tag, Typography, type TableColumnsType } from 'antd';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema.gen';
import { fetchData, send } from '@/lib/api/send';
import { useChangeMutation } from '@/shared/editor/records';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { dateTime } from '@/shared/files/format';
import { ListTable } from '@/shared/list/ListTable';

type Task = components['schemas']['ScheduledTask'];
type State = NonNullable<Task['lastState']>;

const STATES: Record<State, { label: string; color: string }> = {
  WAITING: { label: '待機中', color: 'default' },
  RUNNING: { label: '実行中', color: 'processing' },
  DONE: { label: '成功', color: 'success' },
  FAILED: { label: '失敗', color: 'error' },
};

const KEY = ['schedule'] as const;
const busy = (t: Task) => t.lastState === 'WAITING' || t.lastState === 'RUNNING';

const tasksQuery = queryOptions({
  queryKey: KEY,
  queryFn: () => fetchData(() => api.GET('/api/system/schedule')),
  // Asked again while a run is queued or running, until it ends.
  refetchInterval: (q) => (q.state.data?.some(busy) ? 2000 : false),
});

const runNow = (taskKey: string) =>
  send(() => api.POST('/api/system/schedule/{taskKey}/run', { params: { path: { taskKey } } }), { successText: '実行を開始しました。' });

/**
 * /system/schedule/ (ROLE_SYSTEM_ADMIN): every task that runs on a timer, its schedule, its last run
 * and how it ended, and its next run; 今すぐ実行 puts the same job on the timer's queue (recorded in
 * the operation history with who asked).
 */
export function ScheduleScreen() {
  const tasks = useQuery(tasksQuery);
  const run = useChangeMutation([KEY], runNow);
  const toasts = useMasterToasts();
  const last = (t: Task) =>
    t.lastState ? (
      <Flex vertical gap={2}>
        <span>
          <Tag color={STATES[t.lastState].color}>{STATES[t.lastState].label}</Tag>
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.lastRunDate ? dateTime(t.lastRunDate) : ''}
        </Typography.Text>
      </Flex>
    ) : (
      <Typography.Text type="secondary">記録なし</Typography.Text>
    );
  // While a run is being asked for, its task's button shows loading and no 今すぐ実行 takes a click
  // or opens its confirmation, so one click queues one run.
  const requesting = (t: Task) => run.isPending && run.variables === t.taskKey;
  const action = (t: Task) => (
    <Popconfirm
      title={`「${t.name}」を今すぐ実行しますか？`}
      okText="実行"
      cancelText="キャンセル"
      disabled={run.isPending}
      onConfirm={() => {
        if (run.isPending) return;
        void run.mutateAsync(t.taskKey).then(toasts.outcome);
      }}
    >
      <Button
        size="small"
        icon={<PlayCircleOutlined />}
        loading={requesting(t)}
        disabled={busy(t) || run.isPending}
        aria-label={`${t.name}を今すぐ実行`}
      >
        今すぐ実行
      </Button>
    </Popconfirm>
  );
  const columns: TableColumnsType<Task> = [
    { key: 'name', title: 'タスク', render: (_, t) => t.name },
    { key: 'schedule', title: 'スケジュール', width: 200, render: (_, t) => t.schedule },
    { key: 'last', title: '前回の実行', width: 170, render: (_, t) => last(t) },
    { key: 'next', title: '次回（遅くとも）', width: 150, render: (_, t) => dateTime(t.nextRunDate) },
    { key: 'actions', title: '操作', width: 130, render: (_, t) => action(t) },
  ];
  return (
    <MasterPage title="スケジュール実行">
      {tasks.isError && <Alert type="error" title={tasks.error.message} />}
      <ListTable<Task>
        label="スケジュール"
        rowKey={(t) => t.taskKey}
        columns={columns}
        items={tasks.data}
        total={tasks.data?.length ?? 0}
        page={1}
        size={100}
        fetching={tasks.isFetching}
        onPageChange={() => undefined}
        emptyText="タスクはありません"
        renderCard={(t) => (
          <Flex vertical gap={6}>
            <Typography.Text strong>{t.name}</Typography.Text>
            <Typography.Text type="secondary">{t.schedule}・次回 {dateTime(t.nextRunDate)}</Typography.Text>
            {last(t)}
          </Flex>
        )}
      />
    </MasterPage>
  );
}
