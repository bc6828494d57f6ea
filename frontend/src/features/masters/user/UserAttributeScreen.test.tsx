import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, setupUser } from '../testing';
import { userRoutes } from './testing';

allowSlowScreens();

describe('user tags', { timeout: 60_000 }, () => {
  it('lists the tags with their user counts', async () => {
    stubServer(userRoutes());
    renderApp('/home/user/attribute/');
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('店長')).closest('tr');
    expect(row && within(row).getByText('3')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'ユーザー数' })).toBeInTheDocument();
    expect(screen.getByText('2件')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    stubServer(userRoutes({ 'GET /api/user/attribute': { data: [] } }));
    renderApp('/home/user/attribute/');
    expect(await screen.findByText('ユーザータグはまだありません')).toBeInTheDocument();
  });

  it('adds a tag, checked like the server first', async () => {
    const server = stubServer(
      userRoutes({ 'POST /api/user/attribute': { data: { userAttributeId: 3 }, message: '保存しました。' } }),
    );
    const user = setupUser();
    renderApp('/home/user/attribute/');
    const input = await screen.findByPlaceholderText('新しいタグ名');
    await user.click(screen.getByRole('button', { name: /追\s*加/ }));
    expect(await screen.findByText('タグ名は必須です')).toBeInTheDocument();
    await user.type(input, 'あ'.repeat(51));
    expect(await screen.findByText('タグ名は50文字以内です。')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '新人');
    await user.click(screen.getByRole('button', { name: /追\s*加/ }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('POST /api/user/attribute')[0]?.json()).toEqual({ label: '新人' });
    await waitFor(() => {
      expect(screen.getByPlaceholderText('新しいタグ名')).toHaveValue('');
    });
  });

  it('shows the server\'s refusal of a duplicate name under the field', async () => {
    stubServer(
      userRoutes({
        'POST /api/user/attribute': {
          status: 400,
          message: '不正な入力値があります。各入力項目を確認してください。',
          data: { fieldErrors: { label: '同じ名前のタグがすでにあります。' } },
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/user/attribute/');
    await user.type(await screen.findByPlaceholderText('新しいタグ名'), '店長');
    await user.click(screen.getByRole('button', { name: /追\s*加/ }));
    expect(await screen.findByText('同じ名前のタグがすでにあります。')).toBeInTheDocument();
  });

  it('renames a tag in its row and deletes one after asking, telling how many users carry it', async () => {
    const server = stubServer(
      userRoutes({
        'PUT /api/user/attribute/2': { data: null, message: '保存しました。' },
        'DELETE /api/user/attribute/1': { data: null, message: '削除しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/user/attribute/');
    await user.click(await screen.findByRole('button', { name: 'アルバイトの名前を変更' }));
    const input = within(screen.getByRole('table')).getByRole('textbox', { name: 'タグ名' });
    await user.clear(input);
    await user.type(input, 'パート');
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('PUT /api/user/attribute/2')[0]?.json()).toEqual({ label: 'パート' });

    await user.click(screen.getByRole('button', { name: '店長を削除' }));
    expect(await screen.findByText('3人のユーザーに付いています。削除するとユーザーから外れます。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^削\s*除$/ }));
    expect(await screen.findByText('削除しました。')).toBeInTheDocument();
    expect(server.calls('DELETE /api/user/attribute/1')).toHaveLength(1);
  });
});
