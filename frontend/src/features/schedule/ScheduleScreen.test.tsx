import { screen, waitFor, within } from '@testing-library/react';
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

  it('shows loading while the run is asked for and takes no second click until it is answered', async () => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const server = stubServer(
      systemRoutes({
        'GET /api/system/schedule': { data: tasks },
        'POST /api/system/schedule/expire_files/run': async () => {
          await answered;
          return { message: '実行を開始しました。', data: null };
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/system/schedule/');
    const table = within(await screen.findByRole('table', { name: 'スケジュール' }));
    const button = await table.findByRole('button', { name: '保存期限を過ぎたファイルの削除を今すぐ実行' });
    await user.click(button);
    const confirm = within(await screen.findByRole('tooltip')).getByRole('button', { name: '実行' });
    await user.click(confirm);
    await waitFor(() => {
      expect(button).toHaveClass('ant-btn-loading');
    });
    expect(button).toBeDisabled();
    expect(table.getByRole('button', { name: 'チェック期間の開始を今すぐ実行' })).toBeDisabled();
    // The button neither asks again nor opens its confirmation.
    await user.click(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(server.calls('POST /api/system/schedule/expire_files/run')).toHaveLength(1);
    answer?.();
    expect(await screen.findByText('実行を開始しました。')).toBeInTheDocument();
    await waitFor(() => {
      expect(button).not.toBeDisabled();
    });
    expect(server.calls('POST /api/system/schedule/expire_files/run')).toHaveLength(1);
  });
});
