import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeOptions, stubServer } from '@/test/fakeServer';
import { dayjs } from '@/lib/time/dayjs';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, lastQuery, masterRoutes, page, setupUser } from '@/features/masters/testing';
import type { HistoryFile } from './types';

allowSlowScreens();

const file = (fields: Partial<HistoryFile> & Pick<HistoryFile, 'fileId' | 'status'>): HistoryFile => ({
  fileName: `チェック結果_20261101-20261130_20261125-10000${String(fields.fileId)}.xlsx`,
  historyType: 'CHECK_RESULT',
  historyFileType: 'XLSX',
  failureReason: '',
  notice: '',
  rowsDone: 0,
  rowsTotal: 0,
  fileSize: 0,
  userId: 1,
  userAccount: 'demoadmin',
  createDate: '2026-11-25T01:00:00Z',
  expireDate: '2026-12-25T01:00:00Z',
  deletable: true,
  request: { historyType: 'CHECK_RESULT', historyDateFrom: '2026-11-01', historyDateTo: '2026-11-30', historyFileType: 'XLSX', encoding: 'UTF8', includePhoto: false, includeMailAddress: false, onlyLatestHistory: false },
  ...fields,
});

const withOperations = { data: { ...fakeOptions, availableOpeHistoryExport: true } };

describe('history export', { timeout: 60_000 }, () => {
  it('lists the files with their making, the filters of the URL sent along', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/history_export/file': {
          data: page([
            file({ fileId: 1, status: 'RUNNING', rowsDone: 2000, rowsTotal: 8000 }),
            file({ fileId: 2, status: 'DONE', fileSize: 16_400, notice: 'Shift_JISにない文字を置き換えました：〜→～（3件）' }),
            file({ fileId: 3, status: 'FAILED', failureReason: 'アンケートが見つかりません。削除された可能性があります。' }),
          ]),
        },
      }),
    );
    renderApp('/home/history_export/file/?historyType=CHECK_RESULT&createDateFrom=2026-11-01');
    const table = await screen.findByRole('table', { name: 'エクスポートしたファイル' });
    expect(await within(table).findByText('作成中')).toBeInTheDocument();
    expect(within(table).getByText('2,000 / 8,000行')).toBeInTheDocument();
    expect(within(table).getByText('完了')).toBeInTheDocument();
    expect(within(table).getByText('17 KB')).toBeInTheDocument();
    expect(within(table).getAllByText(/〜→～/).length).toBeGreaterThan(0);
    expect(within(table).getByText('アンケートが見つかりません。削除された可能性があります。')).toBeInTheDocument();
    // Only a made file offers the download.
    expect(within(table).getAllByRole('button', { name: /をダウンロード$/ })).toHaveLength(1);
    const query = lastQuery(server.requests, 'GET /api/history_export/file');
    expect(query.get('historyType')).toBe('CHECK_RESULT');
    expect(query.get('createDateFrom')).toBe('2026-11-01');
    // The pickers write dates as the list does: the filter's, and the request's period (this month).
    expect(screen.getByPlaceholderText('依頼日から')).toHaveValue('2026/11/01');
    const form = within(screen.getByRole('form', { name: 'エクスポートの依頼' }));
    const month = dayjs().tz();
    expect(form.getAllByRole('textbox', { name: '期間' }).map((input) => (input as HTMLInputElement).value)).toEqual([
      month.startOf('month').format('YYYY/MM/DD'),
      month.endOf('month').format('YYYY/MM/DD'),
    ]);
  });

  it('shows the empty state, and no mail address option to a user the server does not allow', async () => {
    stubServer(masterRoutes({ 'GET /api/history_export/file': { data: { ...page([]), mailAddressAllowed: false } } }));
    const user = setupUser();
    renderApp('/home/history_export/file/');
    expect(await screen.findByText('エクスポートしたファイルはありません')).toBeInTheDocument();
    const form = within(await screen.findByRole('form', { name: 'エクスポートの依頼' }));
    await user.click(form.getByText('アンケート回答'));
    expect(await form.findByText('アンケート', { selector: 'label' })).toBeInTheDocument();
    expect(form.queryByText('メールアドレスを含める')).not.toBeInTheDocument();
  });

  it('asks for a CSV in Shift_JIS and shows the server\'s refusal under its field', async () => {
    let refused = false;
    const server = stubServer(
      masterRoutes({
        'GET /api/login_user/organization': withOperations,
        'GET /api/history_export/file': { data: { ...page([]), mailAddressAllowed: true } },
        'GET /api/survey_result/surveys': { data: [{ surveyId: 5, surveyName: '来店アンケート' }] },
        'POST /api/history_export/file': () => {
          if (!refused) {
            refused = true;
            return { status: 400, message: '不正な入力値があります。各入力項目を確認してください。', data: { fieldErrors: { surveyId: 'アンケートを選択してください。' } } };
          }
          return { data: file({ fileId: 9, status: 'QUEUED' }) };
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/history_export/file/');
    const form = within(await screen.findByRole('form', { name: 'エクスポートの依頼' }));
    expect(await form.findByText('操作履歴')).toBeInTheDocument();
    await user.click(form.getByText('アンケート回答'));
    expect(await form.findByText('メールアドレスを含める')).toBeInTheDocument();
    await user.click(form.getByText('CSV'));
    await user.click(await form.findByText('Shift_JIS'));
    await user.click(form.getByRole('button', { name: /エクスポート/ }));
    expect(await form.findByText('アンケートを選択してください。')).toBeInTheDocument();
    const body = (await server.calls('POST /api/history_export/file')[0]?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ historyType: 'SURVEY_ANSWER', historyFileType: 'CSV', encoding: 'SHIFT_JIS', includePhoto: false });
    expect(body.historyDateFrom).toMatch(/^\d{4}-\d{2}-01$/);
    expect(body).not.toHaveProperty('checkListMasterId');
  });
});
