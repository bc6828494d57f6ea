import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInRoutes, stubServer, sysAdmin } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens } from '@/features/masters/testing';

allowSlowScreens();

const announced = {
  data: { active: false, announced: true, message: '年末のシステム更新', startDate: '2026-12-30T17:00:00Z', endDate: '2026-12-30T19:00:00Z' },
};
const active = { data: { active: true, announced: true, message: 'システム更新のため停止しています。' } };

describe('maintenance gate', { timeout: 60_000 }, () => {
  it('shows the announcement above the screen', async () => {
    stubServer({ ...signedInRoutes(), 'GET /maintenance': announced });
    renderApp('/home/master/');
    expect(await screen.findByText('メンテナンスのお知らせ')).toBeInTheDocument();
    expect(screen.getByText('年末のシステム更新')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('期間：12/31(木) 02:00 〜 04:00');
    expect(screen.getByRole('heading', { name: 'マスタ一括登録' })).toBeInTheDocument();
  });

  it('shows the maintenance page instead of the screen', async () => {
    stubServer({ ...signedInRoutes(), 'GET /maintenance': active });
    renderApp('/home/master/');
    expect(await screen.findByRole('heading', { name: 'ただいまメンテナンス中です' })).toBeInTheDocument();
    expect(screen.getByText('システム更新のため停止しています。')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'マスタ一括登録' })).not.toBeInTheDocument();
  });

  it('lets a system administrator keep working under the banner', async () => {
    stubServer({ ...signedInRoutes(sysAdmin), 'GET /maintenance': active });
    sessionStorage.setItem('rouder_organizationId', '1');
    renderApp('/home/system/maintenance/');
    expect(await screen.findByText('メンテナンス中です（システム管理者として操作しています）')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ただいまメンテナンス中です' })).not.toBeInTheDocument();
  });
});
