import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_ACCESS_TITLE } from '@/app/shell/noAccessTexts';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, lastQuery, page, setupUser } from '../testing';
import { demoCompany, endedCompany, systemRoutes } from './testing';

allowSlowScreens();

describe('organization list', { timeout: 60_000 }, () => {
  it('shows the organizations with their service period, storage and states', async () => {
    const server = stubServer(systemRoutes({ 'GET /api/organization': { data: page([demoCompany, endedCompany], 12) } }));
    renderApp('/home/organization/');
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('link', { name: 'デモ株式会社' })).toHaveAttribute('href', '/home/organization/2');
    expect(within(table).getByText('DEMO0001')).toBeInTheDocument();
    expect(within(table).getByText('営業 太郎')).toBeInTheDocument();
    expect(within(table).getByText('2025/04/01 〜')).toBeInTheDocument();
    expect(within(table).getByText('2.5 GB / 10 GB')).toBeInTheDocument();
    expect(within(table).getByText('0 バイト / 無制限')).toBeInTheDocument();
    const ended = within(table).getByRole('link', { name: '旧取引先株式会社' }).closest('tr');
    expect(ended && within(ended).getByText('サービス終了')).toBeInTheDocument();
    expect(screen.getByText('12件')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /新規登録/ })).toHaveAttribute('href', '/home/organization/add');
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/organization'))).toEqual({
      ORG_ID: '1',
      showServiceEnd: 'false',
      page: '1',
      size: '10',
    });
  });

  it('shows the empty state', async () => {
    stubServer(systemRoutes({ 'GET /api/organization': { data: page([]) } }));
    renderApp('/home/organization/');
    expect(await screen.findByText('該当する組織はありません')).toBeInTheDocument();
  });

  it('searches and shows ended services from the first page, keeping both in the URL', async () => {
    localStorage.setItem('rouder_pageSize.organization', '20');
    const server = stubServer(systemRoutes({ 'GET /api/organization': { data: page([demoCompany], 45, 2, 20) } }));
    const user = setupUser();
    const { router } = renderApp('/home/organization/?page=2');
    await screen.findByRole('link', { name: 'デモ株式会社' });
    expect(lastQuery(server.requests, 'GET /api/organization').get('size')).toBe('20');

    await user.type(screen.getByRole('searchbox', { name: '検索' }), 'デモ{Enter}');
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ searchText: 'デモ' });
    });
    await user.click(screen.getByRole('checkbox', { name: 'サービス終了した組織も表示' }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ searchText: 'デモ', showServiceEnd: true });
    });
    await waitFor(() => {
      expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/organization'))).toMatchObject({
        searchText: 'デモ',
        showServiceEnd: 'true',
        page: '1',
      });
    });
  });

  it('reads the search state of the URL', async () => {
    const server = stubServer(systemRoutes({ 'GET /api/organization': { data: page([endedCompany]) } }));
    renderApp('/home/organization/?searchText=%22OLD%22&showServiceEnd=true');
    await screen.findByRole('link', { name: '旧取引先株式会社' });
    expect(screen.getByRole('searchbox', { name: '検索' })).toHaveValue('OLD');
    expect(screen.getByRole('checkbox', { name: 'サービス終了した組織も表示' })).toBeChecked();
    expect(lastQuery(server.requests, 'GET /api/organization').get('searchText')).toBe('OLD');
  });

  it('shows a refusal of the server as the no-access screen instead of rows', async () => {
    stubServer(
      systemRoutes({ 'GET /api/organization': { status: 403, message: '権限がありません。管理者までご連絡ください。' } }),
    );
    renderApp('/home/organization/');
    expect(await screen.findByText(NO_ACCESS_TITLE)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
