import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, lastQuery, masterRoutes, page, setupUser, shibuya, shinjuku } from '@/features/masters/testing';
import { REPORT_REQUESTED } from './api';
import { REPORT_MESSAGES } from './schema';
import type { ReportFile } from './types';

allowSlowScreens();

const ACCEPTED = REPORT_REQUESTED;

const report = (fields: Partial<ReportFile> & Pick<ReportFile, 'fileId' | 'status'>): ReportFile => ({
  fileName: `基本レポート_20261101-20261130_20261125-10000${String(fields.fileId)}.pdf`,
  reportType: 'BASIC',
  failureReason: '',
  rowsDone: 0,
  rowsTotal: 0,
  fileSize: 0,
  userId: 1,
  userAccount: 'demoadmin',
  createDate: '2026-11-25T01:00:00Z',
  expireDate: '2026-12-25T01:00:00Z',
  deletable: true,
  request: {
    reportType: 'BASIC',
    checkListMasterId: 7,
    fromDate: '2026-11-01',
    toDate: '2026-11-30',
    facilityIdList: [11, 12],
    includeRank: true,
    includeCriteria: false,
    includeUnselectedFacility: false,
    photoCompareReportType: 'BAD_SCORED_WITH_PHOTO',
    groupingType: 'GROUP',
  },
  ...fields,
});

describe('reports', { timeout: 60_000 }, () => {
  it('lists the reports with their making in stores, the filters of the URL sent along', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/report/file': {
          data: page([
            report({ fileId: 1, status: 'RUNNING', rowsDone: 3, rowsTotal: 10 }),
            report({ fileId: 2, status: 'DONE', fileSize: 2_400_000 }),
          ]),
        },
      }),
    );
    renderApp('/home/report/file/?reportType=BASIC&fromDate=2026-11-01');
    const table = await screen.findByRole('table', { name: '作成したレポート' });
    expect(await within(table).findByText('3 / 10店舗')).toBeInTheDocument();
    expect(within(table).getByText('2.3 MB')).toBeInTheDocument();
    expect(within(table).getAllByText('基本レポート・2026/11/01〜2026/11/30・2店舗')).toHaveLength(2);
    expect(within(table).getAllByRole('button', { name: /をダウンロード$/ })).toHaveLength(1);
    const query = lastQuery(server.requests, 'GET /api/report/file');
    expect(query.get('reportType')).toBe('BASIC');
    expect(query.get('fromDate')).toBe('2026-11-01');
  });

  it('checks the empty choices before sending, and takes each message away once chosen', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/report/file': { data: page([]) },
        'GET /api/status/check_lists': { data: [{ checkListMasterId: 7, checkListMasterName: '月次 店舗衛生点検' }] },
        'GET /api/facility': { data: page([shinjuku, shibuya]) },
        'POST /api/report/file': { data: report({ fileId: 9, status: 'QUEUED' }), message: ACCEPTED },
      }),
    );
    const user = setupUser();
    renderApp('/home/report/file/');
    expect(await screen.findByText('作成したレポートはありません')).toBeInTheDocument();
    const form = within(await screen.findByRole('form', { name: 'レポートの作成' }));
    await form.findByText('全2店舗を追加');
    await user.click(form.getByRole('button', { name: /レポートを作成/ }));
    expect(await form.findByText(REPORT_MESSAGES.stores)).toBeInTheDocument();
    expect(form.getByText(REPORT_MESSAGES.checkList)).toBeInTheDocument();
    expect(server.calls('POST /api/report/file')).toHaveLength(0);

    await user.click(form.getByRole('combobox', { name: 'チェックリスト' }));
    await user.click(await screen.findByTitle('月次 店舗衛生点検'));
    await waitFor(() => {
      expect(form.queryByText(REPORT_MESSAGES.checkList)).not.toBeInTheDocument();
    });
    expect(form.getByText(REPORT_MESSAGES.stores)).toBeInTheDocument();
    await user.click(form.getByText('全2店舗を追加'));
    await waitFor(() => {
      expect(form.queryByText(REPORT_MESSAGES.stores)).not.toBeInTheDocument();
    });

    await user.click(form.getByRole('button', { name: /レポートを作成/ }));
    expect(await screen.findByText(ACCEPTED)).toBeInTheDocument();
    const body = (await server.calls('POST /api/report/file')[0]?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      reportType: 'BASIC',
      checkListMasterId: 7,
      facilityIdList: [11, 12],
      includeRank: true,
      photoCompareReportType: 'BAD_SCORED_WITH_PHOTO',
    });
    expect(body.fromDate).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('shows the server\'s refusal under its field until that field changes, and nothing after a success', async () => {
    const gone = 'チェックリストが見つかりません。削除された可能性があります。';
    let posts = 0;
    stubServer(
      masterRoutes({
        'GET /api/report/file': { data: page([]) },
        'GET /api/status/check_lists': {
          data: [
            { checkListMasterId: 7, checkListMasterName: '月次 店舗衛生点検' },
            { checkListMasterId: 8, checkListMasterName: '週次 売場点検' },
          ],
        },
        'GET /api/facility': { data: page([shinjuku, shibuya]) },
        'POST /api/report/file': () => {
          posts += 1;
          return posts === 1
            ? {
                status: 400,
                message: '不正な入力値があります。各入力項目を確認してください。',
                data: { fieldErrors: { checkListMasterId: gone } },
              }
            : { data: report({ fileId: 9, status: 'QUEUED' }), message: ACCEPTED };
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/report/file/');
    const form = within(await screen.findByRole('form', { name: 'レポートの作成' }));
    await user.click(await form.findByText('全2店舗を追加'));
    await user.click(form.getByRole('combobox', { name: 'チェックリスト' }));
    await user.click(await screen.findByTitle('月次 店舗衛生点検'));
    await user.click(form.getByRole('button', { name: /レポートを作成/ }));
    expect(await form.findByText(gone)).toBeInTheDocument();

    await user.click(form.getByRole('combobox', { name: 'チェックリスト' }));
    await user.click(await screen.findByTitle('週次 売場点検'));
    await waitFor(() => {
      expect(form.queryByText(gone)).not.toBeInTheDocument();
    });
    await user.click(form.getByRole('button', { name: /レポートを作成/ }));
    expect(await screen.findByText(ACCEPTED)).toBeInTheDocument();
    expect(posts).toBe(2);
    expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(0);
  });

  it('asks for a survey report with its survey, without the basic report\'s options', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/report/file': { data: page([]) },
        'GET /api/survey_result/surveys': { data: [{ surveyId: 5, surveyName: '来店アンケート' }] },
        'GET /api/facility': { data: page([shinjuku]) },
        'POST /api/report/file': { data: report({ fileId: 9, status: 'QUEUED' }) },
      }),
    );
    const user = setupUser();
    renderApp('/home/report/file/');
    const form = within(await screen.findByRole('form', { name: 'レポートの作成' }));
    await user.click(await form.findByText('アンケートレポート'));
    expect(await form.findByText('アンケート', { selector: 'label' })).toBeInTheDocument();
    expect(form.queryByText('ランクを表示')).not.toBeInTheDocument();
    await user.click(form.getByRole('combobox', { name: 'アンケート' }));
    await user.click(await screen.findByTitle('来店アンケート'));
    await user.click(await form.findByText('全1店舗を追加'));
    await user.click(form.getByRole('button', { name: /レポートを作成/ }));
    expect(await screen.findByText('レポートの作成を受け付けました。作成が終わるとダウンロードできます。')).toBeInTheDocument();
    const body = (await server.calls('POST /api/report/file')[0]?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ reportType: 'SURVEY', surveyId: 5, facilityIdList: [11] });
    expect(body).not.toHaveProperty('checkListMasterId');
  });
});
