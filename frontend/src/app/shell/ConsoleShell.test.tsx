import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowSlowScreens } from '@/features/masters/testing';
import { browser } from '@/lib/browser';
import { getFormChanged, setFormChanged } from '@/lib/session/formChanged';
import { setStatusMapSelection, getStatusMapSelection } from '@/lib/session/statusMapSelection';
import { demoAdmin, fakeConstants, signedInRoutes, stubServer, sysAdmin } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { viewport } from '@/test/viewport';

// The first test renders the lazily loaded shell: under the full parallel run that can take longer
// than the default wait.
allowSlowScreens();

afterEach(() => {
  setFormChanged(null);
});

const nav = () => screen.findByRole('navigation', { name: 'メインメニュー' });
const openUserMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'ユーザーメニュー' }));
};

describe('console shell (demo administrator)', () => {
  it('shows the menu of docs/product/shell.md for the user, with the environment badge', async () => {
    stubServer(signedInRoutes());
    renderApp('/home/user/');
    const menu = within(await nav());
    for (const label of ['チェック状況', '改善報告', 'アンケート結果', 'チェックリスト', 'アンケート', 'レポート', '管理']) {
      expect(await menu.findByText(label)).toBeInTheDocument();
    }
    // The settings group is open because the current path lies in it.
    expect(menu.getByRole('link', { name: 'ユーザー' })).toHaveAttribute('href', '/home/user/');
    expect(menu.getByRole('link', { name: '組織情報' })).toHaveAttribute('href', '/home/organization/2');
    expect(menu.queryByText('端末')).not.toBeInTheDocument();
    expect(menu.queryByText('チェック回答')).not.toBeInTheDocument();
    expect(menu.queryByText('組織一覧')).not.toBeInTheDocument();
    expect(menu.queryByText('システム')).not.toBeInTheDocument();
    expect(screen.getByTestId('environment-badge')).toHaveTextContent('LOCAL');
    expect(screen.queryByRole('button', { name: '組織切替' })).not.toBeInTheDocument();
  });

  it('offers the answering page to a user with an affiliated store, and only to such a user', async () => {
    stubServer(signedInRoutes({ ...demoAdmin, facilityId: 11 }));
    renderApp('/home/master/');
    expect(await within(await nav()).findByRole('link', { name: 'チェック回答' })).toHaveAttribute('href', '/home/check/');
  });

  it('leads store staff from Home to their store\'s open checks, with only what they act on in the menu', async () => {
    const store001 = {
      ...demoAdmin,
      userId: 3,
      userAccount: 'store001',
      roleList: ['ROLE_CHECK_REFERENCE', 'ROLE_SURVEY_RESULT_REFERENCE', 'ROLE_REPORT_REFERENCE'],
      facilityId: 11,
    };
    stubServer({ ...signedInRoutes(store001), 'GET /api/check/open': { data: [] } });
    const { router } = renderApp('/home/');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/check/');
    });
    const menu = within(await nav());
    await menu.findByRole('link', { name: 'チェック回答' });
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['チェック回答', '改善報告', 'アンケート結果']);
  });

  it('counts a store of 0 as none: Home stays the check status', async () => {
    stubServer(signedInRoutes({ ...demoAdmin, facilityId: 0 }));
    const { router } = renderApp('/home/');
    await screen.findByRole('heading', { name: 'チェック状況' });
    expect(router.state.location.pathname).toBe('/status/');
    expect(within(await nav()).queryByText('チェック回答')).not.toBeInTheDocument();
  });

  it('the status entry clears the kept map selection and restores the kept search', async () => {
    stubServer(signedInRoutes());
    const user = userEvent.setup();
    const { router } = renderApp('/home/status/?checkStatus=CHECKED');
    await screen.findByRole('heading', { name: 'チェック状況' });
    await router.navigate({ to: '/user/' });
    setStatusMapSelection('{"facilityId":3}');
    await user.click(within(await nav()).getByRole('link', { name: 'チェック状況' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/status/');
    });
    expect(router.state.location.search).toEqual({ checkStatus: 'CHECKED' });
    expect(getStatusMapSelection()).toBeNull();
  });

  it('shows name and account in the user menu', async () => {
    stubServer(signedInRoutes());
    const user = userEvent.setup();
    renderApp('/home/user/');
    await openUserMenu(user);
    const item = await screen.findByRole('menuitem', { name: /パスワード変更/ });
    const menu = within(item.closest('ul') ?? document.body);
    expect(menu.getByText('デモ 管理者')).toBeInTheDocument();
    expect(menu.getByText('demoadmin')).toBeInTheDocument();
    for (const action of ['パスワード変更', '通知設定', 'サポート', 'ログアウト']) {
      expect(screen.getByRole('menuitem', { name: new RegExp(action) })).toBeInTheDocument();
    }
  });

  it('logs out: POST, toast at the top, login screen at /', async () => {
    const server = stubServer({ ...signedInRoutes(), 'POST /logout': { data: null } });
    const user = userEvent.setup();
    const { router } = renderApp('/home/user/');
    sessionStorage.setItem('rouder_searchState.User', '{"searchText":"a"}');
    await openUserMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: /ログアウト/ }));
    expect(await screen.findByText('ログアウトしました。')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.calls('POST /logout')).toHaveLength(1);
    expect(sessionStorage.getItem('rouder_organizationId')).toBeNull();
    expect(sessionStorage.getItem('rouder_searchState.User')).toBeNull();
    await waitFor(() => {
      expect(document.title).toBe('ログイン | ルーダー');
    });
  });

  it('says so when logout fails', async () => {
    stubServer({ ...signedInRoutes(), 'POST /logout': { status: 500 } });
    const user = userEvent.setup();
    renderApp('/home/user/');
    await openUserMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: /ログアウト/ }));
    expect(await screen.findByText('ログアウトできませんでした。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ログイン' })).not.toBeInTheDocument();
  });

  it('a 401 anywhere: the timeout toast, then the login screen on the same route', async () => {
    stubServer({ ...signedInRoutes(), 'GET /api/support/file': { status: 401, message: 'ログインしてください。' } });
    const user = userEvent.setup();
    const { router } = renderApp('/home/user/');
    await openUserMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: /サポート/ }));
    expect(await screen.findByText('タイムアウトしました。再度ログインしてください。')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/');
    await waitFor(() => {
      expect(document.title).toBe('ログイン | ユーザー | ルーダー');
    });
  });

  it('the support dialog lists manuals and the contact address', async () => {
    stubServer({ ...signedInRoutes(), 'GET /api/support/file': { data: [{ fileId: 7, fileName: '操作マニュアル.pdf' }] } });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/home/master/');
    await openUserMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: /サポート/ }));
    const dialog = await screen.findByRole('dialog', { name: 'サポート' });
    await user.click(await within(dialog).findByRole('button', { name: /操作マニュアル\.pdf/ }));
    expect(assign).toHaveBeenCalledWith('/support/file/7');
    expect(within(dialog).getByText('お問い合わせ')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'support@rouder.example' })).toHaveAttribute(
      'href',
      'mailto:support@rouder.example',
    );
  });

  it('the support dialog says when there are no manuals (or they cannot be read), and where to ask without an address', async () => {
    stubServer({
      ...signedInRoutes(),
      'GET /api/const': { data: { ...fakeConstants, supportMailAddress: '' } },
      'GET /api/support/file': { status: 500 },
    });
    const user = userEvent.setup();
    renderApp('/home/master/');
    await openUserMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: /サポート/ }));
    expect(await screen.findByText('マニュアルは準備中です')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'サポート' });
    expect(within(dialog).getByText('ご不明な点は、組織の管理者にお問い合わせください。')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('password change dialog', () => {
  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    renderApp('/home/master/');
    await openUserMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: /パスワード変更/ }));
    return within(await screen.findByRole('dialog', { name: 'パスワード変更' }));
  }

  it('starts in its first field, and Esc gives focus back to the user menu', async () => {
    stubServer(signedInRoutes());
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await waitFor(() => {
      expect(dialog.getByLabelText('現在のパスワード')).toHaveFocus();
    });
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'ユーザーメニュー' })).toHaveFocus();
    });
  });

  it('checks the fields with the messages of docs/product/validation.md before sending', async () => {
    const server = stubServer(signedInRoutes());
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('新しいパスワード'), 'abc');
    await user.type(dialog.getByLabelText('新しいパスワード（確認）'), 'Abcdef1?');
    await user.click(dialog.getByRole('button', { name: 'パスワード変更' }));
    expect(await dialog.findByText('現在のパスワードは必須です')).toBeInTheDocument();
    expect(await dialog.findByText(/^パスワードは8文字以上で英大文字、英小文字、数字、記号/)).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('新しいパスワード'));
    await user.type(dialog.getByLabelText('新しいパスワード'), 'Abcdef1!');
    expect(await dialog.findByText('新しいパスワードと確認用パスワードが一致しません。')).toBeInTheDocument();
    expect(server.calls('PUT /api/user/2/password')).toHaveLength(0);
  });

  it('shows the server field message under its field', async () => {
    stubServer({
      ...signedInRoutes(),
      'PUT /api/user/2/password': {
        status: 400,
        message: '不正な入力値があります。各入力項目を確認してください。',
        data: { fieldErrors: { currentPassword: '現在のパスワードが正しくありません。' } },
      },
    });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('現在のパスワード'), 'wrong');
    await user.type(dialog.getByLabelText('新しいパスワード'), 'Abcdef1!');
    await user.type(dialog.getByLabelText('新しいパスワード（確認）'), 'Abcdef1!');
    await user.click(dialog.getByRole('button', { name: 'パスワード変更' }));
    expect(await dialog.findByText('現在のパスワードが正しくありません。')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'パスワードの変更に失敗しました。不正な入力値があります。各入力項目を確認してください。(エラーコード:400)',
      ),
    ).toBeInTheDocument();
  });

  it('changes the password, toasts and closes', async () => {
    const server = stubServer({ ...signedInRoutes(), 'PUT /api/user/2/password': { data: null, message: 'パスワードを変更しました。' } });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('現在のパスワード'), 'Demoadmin#2026');
    await user.type(dialog.getByLabelText('新しいパスワード'), 'Abcdef1!');
    await user.type(dialog.getByLabelText('新しいパスワード（確認）'), 'Abcdef1!');
    expect(getFormChanged()).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'パスワード変更' }));
    expect(await screen.findByText('パスワードを変更しました。')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'パスワード変更' })).not.toBeInTheDocument();
    });
    const request = server.calls('PUT /api/user/2/password')[0];
    expect(new URL(request?.url ?? '').searchParams.get('ORG_ID')).toBe('2');
    expect(await request?.json()).toEqual({
      currentPassword: 'Demoadmin#2026',
      password: 'Abcdef1!',
      confirmPassword: 'Abcdef1!',
    });
    expect(getFormChanged()).toBeNull();
  });
});

describe('leave prompt', () => {
  it('asks before leaving a changed form; cancel stays, OK leaves and clears the flag', async () => {
    stubServer(signedInRoutes());
    const user = userEvent.setup();
    const { router } = renderApp('/home/master/');
    await nav();
    setFormChanged(true);

    void router.navigate({ to: '/facility/' });
    const prompt = within(await screen.findByRole('dialog', { name: 'このページから移動しますか？' }));
    expect(prompt.getByText('変更内容が保存されない可能性があります。')).toBeInTheDocument();
    await user.click(prompt.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'このページから移動しますか？' })).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/master/');
    expect(getFormChanged()).toBe(true);

    void router.navigate({ to: '/facility/' });
    const again = within(await screen.findByRole('dialog', { name: 'このページから移動しますか？' }));
    await user.click(again.getByRole('button', { name: '移動する' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/facility/');
    });
    expect(getFormChanged()).toBeNull();
  });

  it('does not ask for a change of the query only', async () => {
    stubServer(signedInRoutes());
    const { router } = renderApp('/home/user/');
    await nav();
    setFormChanged(true);
    await router.navigate({ to: '/user/', search: { page: 2 } as never });
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(screen.queryByText('このページから移動しますか？')).not.toBeInTheDocument();
  });

  it('does not ask without changes', async () => {
    stubServer(signedInRoutes());
    const { router } = renderApp('/home/user/');
    await nav();
    await router.navigate({ to: '/facility/' });
    expect(router.state.location.pathname).toBe('/facility/');
  });
});

describe('system administrator', () => {
  it('on a phone shows the mark for the name, so that the organization switch can be read', async () => {
    viewport(390);
    sessionStorage.setItem('rouder_organizationId', '2');
    stubServer({ ...signedInRoutes(sysAdmin), 'GET /api/status': { data: { items: [], total: 0, page: 1, size: 20 } } });
    renderApp('/home/status/');
    const switcher = await screen.findByRole('button', { name: '組織切替' });
    await waitFor(() => {
      expect(switcher).toHaveTextContent('デモ株式会社');
    });
    // The name is still the page's first heading for assistive technology, only out of sight.
    expect(screen.getByRole('heading', { level: 1, name: fakeConstants.appName })).toHaveStyle({ position: 'absolute', width: '1px' });
    // The switch takes the room beside the mark and the user menu instead of a fixed 120 px.
    expect(switcher).toHaveStyle({ maxWidth: '280px', minWidth: '0', flex: '0 1 auto' });
  });

  it('must choose an organization first: no way to dismiss, OK only with a choice', async () => {
    const server = stubServer(signedInRoutes(sysAdmin));
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/home/');
    const dialog = within(await screen.findByRole('dialog', { name: '組織選択' }));
    expect(dialog.getByText('管理する組織を選択してください。')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'キャンセル' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: '組織選択' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '組織切替' })).toHaveTextContent('未選択');
    // No organization options are asked for before the choice.
    expect(server.calls('GET /api/login_user/organization')).toHaveLength(0);

    await user.click(dialog.getByRole('combobox', { name: '組織' }));
    await user.click(await screen.findByTitle('2: デモ株式会社'));
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    expect(sessionStorage.getItem('rouder_organizationId')).toBe('2');
    expect(assign).toHaveBeenCalledWith('/home/');
  });

  it('switches organization from the toolbar; the dialog can be cancelled then', async () => {
    sessionStorage.setItem('rouder_organizationId', '2');
    const server = stubServer({
      ...signedInRoutes(sysAdmin),
      'GET /api/status': { data: { items: [], total: 0, page: 1, size: 20 } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/home/');
    // Home goes on to the status of organization 2.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/status/');
    });
    const switcher = await screen.findByRole('button', { name: '組織切替' });
    await waitFor(() => {
      expect(switcher).toHaveTextContent('デモ株式会社');
    });
    expect(new URL(server.calls('GET /api/login_user/organization')[0]?.url ?? '').searchParams.get('ORG_ID')).toBe('2');
    await user.click(switcher);
    // Under test antd gives every generated id the value "test-id", so with the status filters on
    // the page the dialog's aria-labelledby is ambiguous: find it by its text instead.
    const dialog = within((await screen.findByText('管理する組織を選択してください。')).closest('[role="dialog"]') as HTMLElement);
    expect(dialog.getByText('組織選択')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => {
      expect(screen.queryByText('管理する組織を選択してください。')).not.toBeInTheDocument();
    });
  });

  it('in the system organization Home goes to the organization list', async () => {
    sessionStorage.setItem('rouder_organizationId', '1');
    stubServer(signedInRoutes(sysAdmin));
    const { router } = renderApp('/home/');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/organization/');
    });
    const menu = within(await nav());
    await userEvent.setup().click(menu.getByText('システム'));
    expect(await menu.findByRole('link', { name: 'このシステムについて' })).toBeInTheDocument();
  });
});

describe('phone width', () => {
  it('puts the menu in a temporary drawer behind the menu button', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    );
    stubServer(signedInRoutes(demoAdmin));
    const user = userEvent.setup();
    const { router } = renderApp('/home/user/');
    await screen.findByRole('heading', { name: 'ユーザー' });
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'レポート' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'メニュー' }));
    await user.click(await screen.findByRole('link', { name: 'レポート' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/report/file/');
    });
  });
});
