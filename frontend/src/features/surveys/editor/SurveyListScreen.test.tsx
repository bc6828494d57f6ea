import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, lastQuery, masterRoutes, page, setupUser } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { visitRow } from './testing';

allowSlowScreens();

const upcoming = { ...visitRow, surveyId: 8, surveyName: '秋のアンケート', fromDate: '2999-09-01', toDate: '2999-09-30', answerCount: 0 };
const over = { ...visitRow, surveyId: 9, surveyName: '春のアンケート', fromDate: '2020-03-01', toDate: '2020-03-31', answerCount: 12 };

describe('survey list', { timeout: 60_000 }, () => {
  it('shows each survey with its period, state, stores and answers', async () => {
    const server = stubServer(masterRoutes({ 'GET /api/survey': { data: page([visitRow, upcoming, over], 13) } }));
    renderApp('/home/survey/');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('来店アンケート')).toHaveAttribute('href', '/home/survey/7');
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('来店アンケート')).getByText('2026/02/01〜')).toBeInTheDocument();
    expect(within(row('来店アンケート')).getByText('実施中')).toBeInTheDocument();
    expect(within(row('来店アンケート')).getByText('360')).toBeInTheDocument();
    expect(within(row('秋のアンケート')).getByText('準備中')).toBeInTheDocument();
    expect(within(row('春のアンケート')).getByText('終了')).toBeInTheDocument();
    expect(within(row('春のアンケート')).getByText('2020/03/01〜2020/03/31')).toBeInTheDocument();
    expect(screen.getByText('13件')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/survey'))).toEqual({ ORG_ID: '2', page: '1', size: '10' });
  });

  it('shows the empty state', async () => {
    stubServer(masterRoutes({ 'GET /api/survey': { data: page([]) } }));
    renderApp('/home/survey/');
    expect(await screen.findByText('該当するアンケートはありません')).toBeInTheDocument();
  });

  it('searches from the first page with the text in the URL and the stored page size', async () => {
    localStorage.setItem('rouder_pageSize.survey', '20');
    const server = stubServer(masterRoutes({ 'GET /api/survey': { data: page([visitRow], 30, 2, 20) } }));
    const user = setupUser();
    const { router } = renderApp('/home/survey/?page=2');
    await screen.findByText('来店アンケート');
    expect(lastQuery(server.requests, 'GET /api/survey').get('size')).toBe('20');
    await user.type(screen.getByLabelText('検索'), '来店{Enter}');
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ searchText: '来店' });
    });
    await waitFor(() => {
      expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/survey'))).toMatchObject({ searchText: '来店', page: '1' });
    });
  });

  it('deletes after the question', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/survey': { data: page([visitRow]) },
        'DELETE /api/survey/7': { data: null, message: '削除しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/survey/');
    await screen.findByText('来店アンケート');
    await user.click(screen.getByLabelText('来店アンケートを削除'));
    expect(await screen.findByText('削除しますか？')).toBeInTheDocument();
    expect(server.calls('DELETE /api/survey/7')).toHaveLength(0);
    await user.click((await screen.findAllByText(/^削\s*除$/)).at(-1) as HTMLElement);
    expect(await screen.findByText('削除しました。')).toBeInTheDocument();
    expect(server.calls('DELETE /api/survey/7')).toHaveLength(1);
  });
});
