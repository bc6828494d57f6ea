import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { masterRoutes, setupUser, allowSlowScreens } from '../testing';

allowSlowScreens();

describe('store tags', { timeout: 60_000 }, () => {
  it('lists the tags with their store counts', async () => {
    stubServer(masterRoutes());
    renderApp('/home/facility/attribute/');
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('駅前')).closest('tr');
    expect(row && within(row).getByText('6')).toBeInTheDocument();
    expect(screen.getByText('2件')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    stubServer(masterRoutes({ 'GET /api/facility/attribute': { data: [] } }));
    renderApp('/home/facility/attribute/');
    expect(await screen.findByText('店舗タグはまだありません')).toBeInTheDocument();
  });

  it('adds a tag, checked like the server first', async () => {
    const server = stubServer(
      masterRoutes({ 'POST /api/facility/attribute': { data: { facilityAttributeId: 3 }, message: '保存しました。' } }),
    );
    const user = setupUser();
    renderApp('/home/facility/attribute/');
    const input = await screen.findByPlaceholderText('新しいタグ名');
    await user.click(screen.getByRole('button', { name: /追\s*加/ }));
    expect(await screen.findByText('タグ名は必須です')).toBeInTheDocument();
    await user.type(input, '駐車場あり');
    await user.click(screen.getByRole('button', { name: /追\s*加/ }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('POST /api/facility/attribute')[0]?.json()).toEqual({ label: '駐車場あり' });
    // A reset form mounts its inputs afresh.
    await waitFor(() => {
      expect(screen.getByPlaceholderText('新しいタグ名')).toHaveValue('');
    });
  });

  it('renames a tag in its row', async () => {
    const server = stubServer(masterRoutes({ 'PUT /api/facility/attribute/2': { data: null, message: '保存しました。' } }));
    const user = setupUser();
    renderApp('/home/facility/attribute/');
    await user.click(await screen.findByRole('button', { name: '郊外の名前を変更' }));
    const input = within(screen.getByRole('table')).getByRole('textbox', { name: 'タグ名' });
    await user.clear(input);
    await user.type(input, 'ロード');
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('PUT /api/facility/attribute/2')[0]?.json()).toEqual({ label: 'ロード' });
  });
});
