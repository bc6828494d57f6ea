import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FacilityAttribute } from '../common/types';
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

  /** 25 tags by label (タグ01…タグ25), as the server sorts them: three pages of 10. */
  const manyTags = (labels = Array.from({ length: 25 }, (_, index) => `タグ${String(index + 1).padStart(2, '0')}`)): FacilityAttribute[] =>
    [...labels].sort().map((label, index) => ({ facilityAttributeId: index + 1, label, facilityCount: 0 }));
  const rowLabels = () =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);

  it('keeps the page in the URL: a reload opens it again, and a page past the end becomes the last', async () => {
    stubServer(masterRoutes({ 'GET /api/facility/attribute': { data: manyTags() } }));
    const user = setupUser();
    const { router } = renderApp('/home/facility/attribute/?page=2');
    expect(await within(await screen.findByRole('table')).findByText('タグ11')).toBeInTheDocument();
    expect(rowLabels()[0]).toBe('タグ11');
    await user.click(screen.getByTitle('3'));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ page: 3 });
    });
    expect(await screen.findByText('タグ25')).toBeInTheDocument();
    await user.click(screen.getByTitle('1'));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({}); // the first page is the default
    });
  });

  it('shows the last page for a page past the end, in place of it', async () => {
    stubServer(masterRoutes({ 'GET /api/facility/attribute': { data: manyTags() } }));
    const { router } = renderApp('/home/facility/attribute/?page=9');
    expect(await within(await screen.findByRole('table')).findByText('タグ25')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ page: 3 });
    });
  });

  it('cancels a rename with Esc: the old name stays, nothing is sent, and the focus is back on its button', async () => {
    const server = stubServer(masterRoutes({ 'PUT /api/facility/attribute/2': { data: null, message: '保存しました。' } }));
    const user = setupUser();
    renderApp('/home/facility/attribute/');
    await user.click(await screen.findByRole('button', { name: '郊外の名前を変更' }));
    const input = within(screen.getByRole('table')).getByRole('textbox', { name: 'タグ名' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'ロード{Escape}');
    expect(within(screen.getByRole('table')).queryByRole('textbox', { name: 'タグ名' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('郊外')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '郊外の名前を変更' })).toHaveFocus();
    expect(server.calls('PUT /api/facility/attribute/2')).toHaveLength(0);
  });

  it('gives the focus back to the rename button after キャンセル too', async () => {
    stubServer(masterRoutes());
    const user = setupUser();
    renderApp('/home/facility/attribute/');
    await user.click(await screen.findByRole('button', { name: '郊外の名前を変更' }));
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: /キャンセル/ }));
    expect(screen.getByRole('button', { name: '郊外の名前を変更' })).toHaveFocus();
  });

  it('after a rename, shows the page the tag now stands on with the focus on its button', async () => {
    let tags = manyTags();
    stubServer(
      masterRoutes({
        'GET /api/facility/attribute': () => ({ data: tags }),
        'PUT /api/facility/attribute/1': () => {
          // タグ01 becomes タグ99: the last by name, on page 3.
          tags = [...tags.slice(1), { facilityAttributeId: 1, label: 'タグ99', facilityCount: 0 }];
          return { data: null, message: '保存しました。' };
        },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/facility/attribute/');
    await user.click(await screen.findByRole('button', { name: 'タグ01の名前を変更' }));
    const input = within(screen.getByRole('table')).getByRole('textbox', { name: 'タグ名' });
    await user.clear(input);
    await user.type(input, 'タグ99{Enter}');
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ page: 3 });
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'タグ99の名前を変更' })).toHaveFocus();
    });
  });

  it('shows a tag added while a later page is shown: its page, the row marked, the page in the toast', async () => {
    let tags = manyTags();
    stubServer(
      masterRoutes({
        'GET /api/facility/attribute': () => ({ data: tags }),
        'POST /api/facility/attribute': () => {
          tags = manyTags([...tags.map((tag) => tag.label), 'タグ05a']);
          return { data: { facilityAttributeId: 26 }, message: '保存しました。' };
        },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/facility/attribute/?page=3');
    await within(await screen.findByRole('table')).findByText('タグ25');
    await user.type(screen.getByPlaceholderText('新しいタグ名'), 'タグ05a');
    await user.click(screen.getByRole('button', { name: /追\s*加/ }));
    expect(await screen.findByText('保存しました。「タグ05a」は1ページ目です。')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.search).toEqual({});
    });
    const added = (await within(screen.getByRole('table')).findByText('タグ05a')).closest('tr');
    expect(added).toHaveClass('rouder-row-highlighted');
    expect(added).not.toHaveAttribute('aria-selected');
    // Another page takes the mark away.
    await user.click(screen.getByTitle('2'));
    await user.click(await screen.findByTitle('1'));
    expect((await within(screen.getByRole('table')).findByText('タグ05a')).closest('tr')).not.toHaveClass('rouder-row-highlighted');
  });

  it('cuts a long tag name in its cell on a desktop', async () => {
    const long = '駐車場あり'.repeat(10);
    stubServer(masterRoutes({ 'GET /api/facility/attribute': { data: [{ facilityAttributeId: 1, label: long, facilityCount: 0 }] } }));
    renderApp('/home/facility/attribute/');
    expect(await within(await screen.findByRole('table')).findByText(long)).toHaveClass('rouder-cell-text');
  });
});
