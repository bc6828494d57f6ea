import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { group, lastQuery, masterRoutes, page, setupUser, allowSlowScreens } from '../testing';

allowSlowScreens();

const top = group({ groupId: 3, groupName: '本部', path: '/3/', childCount: 2, userCount: 1 });
const east = group({
  groupId: 4,
  groupName: '東日本エリア',
  path: '/3/4/',
  parentGroupId: 3,
  parentGroupName: '本部',
  childCount: 2,
});
const kanto = group({
  groupId: 5,
  groupName: '関東ブロック',
  path: '/3/4/5/',
  parentGroupId: 4,
  parentGroupName: '東日本エリア',
  facilityCount: 3,
  version: 4,
});

describe('group list', { timeout: 60_000 }, () => {
  it('shows the tree and the rows with parent and counts', async () => {
    const server = stubServer(masterRoutes({ 'GET /api/group': { data: page([top, east, kanto], 7) } }));
    renderApp('/home/group/');
    const tree = await screen.findByRole('tree', { name: 'グループ構成' });
    expect(within(tree).getByText('西日本エリア')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const row = (await within(table).findByRole('link', { name: '関東ブロック' })).closest('tr');
    expect(row && within(row).getByText('東日本エリア')).toBeInTheDocument();
    expect(row && within(row).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('7件')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery(server.requests, 'GET /api/group'))).toEqual({ ORG_ID: '2', page: '1', size: '10' });
  });

  it('shows the empty state for a search without matches', async () => {
    const server = stubServer(masterRoutes({ 'GET /api/group': { data: page([]) } }));
    renderApp('/home/group/?searchText=%22%E5%8C%97%E6%B5%B7%E9%81%93%22');
    expect(await screen.findByText('該当するグループはありません')).toBeInTheDocument();
    expect(lastQuery(server.requests, 'GET /api/group').get('searchText')).toBe('北海道');
  });

  it('shows why a group cannot be deleted', async () => {
    stubServer(
      masterRoutes({
        'GET /api/group': { data: page([top, east, kanto]) },
        'DELETE /api/group/5': { status: 422, message: '下位グループ・店舗・ユーザーのいずれかがあるため削除できません。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/group/');
    await user.click(await screen.findByRole('button', { name: '関東ブロックを削除' }));
    await user.click(await screen.findByRole('button', { name: /^削\s*除$/ }));
    expect(
      await screen.findByText('下位グループ・店舗・ユーザーのいずれかがあるため削除できません。(エラーコード:422)'),
    ).toBeInTheDocument();
  });
});

describe('group form', { timeout: 60_000 }, () => {
  it('adds under the parent named in the URL', async () => {
    const server = stubServer(
      masterRoutes({ 'POST /api/group': { data: { groupId: 10 }, message: '保存しました。' }, 'GET /api/group': { data: page([]) } }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/group/add?parentGroupId=4');
    const name = await screen.findByLabelText('グループ名');
    const parent = screen.getByLabelText('親グループ').closest('.ant-form-item');
    expect(parent && (await within(parent as HTMLElement).findByText('東日本エリア'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('グループ名は必須です')).toBeInTheDocument();
    await user.type(name, '北関東ブロック');
    await user.type(screen.getByLabelText('JKコード'), 'ＪＫコード');
    expect(await screen.findByText('ASCII文字のみを入力してください。')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('JKコード'));
    await user.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('POST /api/group')[0]?.json()).toEqual({
      parentGroupId: 4,
      groupName: '北関東ブロック',
      groupNameKana: '',
      jkCode: '',
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/group/');
    });
  });

  it('edits with the version read, and warns before moving the group', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/group/5': { data: kanto },
        'PUT /api/group/5': { data: null, message: '保存しました。' },
        'GET /api/group': { data: page([]) },
      }),
    );
    const user = setupUser();
    renderApp('/home/group/5');
    const name = await screen.findByLabelText('グループ名');
    expect(name).toHaveValue('関東ブロック');
    // The parent picker offers neither the group itself nor its subtree.
    await user.click(screen.getByLabelText('親グループ'));
    // The picker's own tree, beside the screen's グループ構成.
    const options = await screen.findByRole('tree', { name: (name) => name !== 'グループ構成' });
    expect(within(options).queryByText('関東ブロック')).not.toBeInTheDocument();
    await user.click(within(options).getByText('西日本エリア'));
    expect(await screen.findByText(/「西日本エリア」の下へ移動します。/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('PUT /api/group/5')[0]?.json()).toEqual({
      parentGroupId: 7,
      groupName: '関東ブロック',
      groupNameKana: '',
      jkCode: '',
      version: 4,
    });
  });
});
