import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hygiene, editorRoutes } from '@/features/checks/editor/testing';
import { allowSlowScreens, masterRoutes, setupUser } from '@/features/masters/testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { SCROLL_TO_FIRST_ERROR, FIELD_SCROLL_MARGIN, FORM_CLASS } from '@/shared/form/formScroll';

allowSlowScreens();

const INVALID = '不正な入力値があります。各入力項目を確認してください。';

function editScreen() {
  return stubServer(
    masterRoutes({
      ...editorRoutes,
      'GET /api/check_list_master/5': { data: hygiene },
      'PUT /api/check_list_master/5': { data: null, message: '保存しました。' },
      'GET /api/check_list_master': { data: { items: [], total: 0, page: 1, size: 10 } },
    }),
  );
}

describe('the editor frame', { timeout: 60_000 }, () => {
  it('writes 保存 and 削除 without a space between the two characters', async () => {
    editScreen();
    renderApp('/home/check_list_master/5');
    await screen.findByLabelText('チェックリスト名');
    expect(screen.getByText('保存', { selector: 'button span' })).toHaveTextContent(/^保存$/);
    expect(screen.getByText('削除', { selector: 'button span' })).toHaveTextContent(/^削除$/);
  });

  it('checks the form itself (no browser bubbles) and scrolls the first error below the toolbar', async () => {
    editScreen();
    renderApp('/home/check_list_master/5');
    const name = await screen.findByLabelText('チェックリスト名');
    const form = name.closest('form');
    expect(form).toHaveAttribute('novalidate');
    expect(form).toHaveClass(FORM_CLASS);
    expect(SCROLL_TO_FIRST_ERROR).toEqual({ block: 'start', scrollMode: 'always' });
    expect(FIELD_SCROLL_MARGIN).toBe(88);
  });

  it('takes the invalid-input toast away once the fixed form is saved', async () => {
    const server = editScreen();
    const user = setupUser();
    renderApp('/home/check_list_master/5');
    const name = await screen.findByLabelText('チェックリスト名');
    await user.clear(name);
    await user.click(screen.getByText('保存', { selector: 'button span' }));
    await waitFor(() => {
      expect(screen.getByText(INVALID)).toBeInTheDocument();
    });
    await user.type(name, '月次 店舗衛生点検');
    await user.click(screen.getByText('保存', { selector: 'button span' }));
    await waitFor(() => {
      expect(server.calls('PUT /api/check_list_master/5')).toHaveLength(1);
    });
    await waitFor(() => {
      expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    });
  });
});
