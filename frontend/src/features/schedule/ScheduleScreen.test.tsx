import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, setupUser } from '@/features/masters/testing';
import { systemRoutes } from '@/features/masters/organization/testing';

allowSlowScreens();

const tasks = [
  {
    taskKey: 'open_check_periods',
    name: 'チェック期間の開始',
    schedule: '1時間ごと（起動時にも実行）',
    lastState: 'DONE',
    lastRunDate: '2026-11-25T01:00:00Z',
    nextRunDate: '2026-11-25T02:00:00Z',
  },
  { taskKey: 'expire_files', name: '保存期限を過ぎたファイルの削除', schedule: '1時間ごと（起動時にも実行）', nextRunDate: '2026-11-25T02:00:00Z' },
];

describe('scheduled tasks', { timeout: 60_000 }, () => {
  it('lists the tasks with their last run and runs one now after confirming', async () => {
    const server = stubServer(
      systemRoutes({
        'GET /api/system/schedule': { data: tasks },
        'POST /api/system/schedule/expire_files/run': { message: '実行を開始しました。', data: null },
      }),
    );
    const user = setupUser();
    renderApp('/home/system/schedule/');
    const table = within(await screen.findByRole('table', { name: 'スケジュール' }));
    expect(await table.findByText('チェック期間の開始')).toBeInTheDocument();
    expect(table.getByText('成功')).toBeInTheDocument();
    expect(table.getByText('記録なし')).toBeInTheDocument();
    await user.click(table.getByRole('button', { name: '保存期限を過ぎたファイルの削除を今すぐ実行' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: '実行' }));
    expect(await screen.findByText('実行を開始しました。')).toBeInTheDocument();
    expect(server.calls('POST /api/system/schedule/expire_files/run')).toHaveLength(1);
  });
});
