import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getFormChanged } from '@/lib/session/formChanged';
import { VALIDATION_MESSAGES } from '@/lib/validation/messages';
import { isPasswordFormat } from '@/lib/validation/checks';
import { fakeOptions, stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, lastQuery, page, setupUser } from '../testing';
import { adminUser, groupAdmin, staffUser, userRoutes } from './testing';

allowSlowScreens();

const SAVE = /^保\s*存$/;

/** The value an antd single select shows. */
function selectedText(label: string): string {
  const content = screen.getByLabelText(label).closest('.ant-select')?.querySelector('.ant-select-content');
  return content?.textContent ?? '';
}

/** The option texts of the open dropdown. */
function openOptions(): string[] {
  return Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).map(
    (option) => option.textContent,
  );
}

describe('user form', { timeout: 90_000 }, () => {
  it('shows the checks of docs/product/validation.md under their fields before sending anything', async () => {
    const server = stubServer(userRoutes());
    const user = setupUser();
    renderApp('/home/user/add');
    await screen.findByLabelText('ユーザーアカウント');
    await user.click(screen.getByRole('button', { name: SAVE }));
    for (const message of [
      'ユーザーアカウントは必須です',
      '姓は必須です',
      '名は必須です',
      'パスワードは必須です',
      '所属グループは必須です',
      'メールアドレスは必須です',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(await screen.findByText(VALIDATION_MESSAGES.invalidForm)).toBeInTheDocument();
    // No group chosen yet, so no store can be required (only group staff of a group with stores need one).
    expect(screen.queryByText('所属店舗は必須です')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('ユーザーアカウント'), 'abc');
    expect(await screen.findByText('ユーザーアカウントは5文字以上です。')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('ユーザーアカウント'));
    await user.type(screen.getByLabelText('ユーザーアカウント'), 'ユーザー12345');
    expect(await screen.findByText('ASCII文字のみを入力してください。')).toBeInTheDocument();
    await user.type(screen.getByLabelText('姓'), '山'.repeat(21));
    expect(await screen.findByText('姓は20文字以内です。')).toBeInTheDocument();
    await user.type(screen.getByLabelText('パスワード'), 'abcdefgh');
    expect(await screen.findByText(VALIDATION_MESSAGES.password)).toBeInTheDocument();
    await user.type(screen.getByLabelText('メールアドレス'), 'sato@');
    expect(await screen.findByText('メールアドレスの形式で入力してください。')).toBeInTheDocument();
    expect(server.calls('POST /api/user')).toHaveLength(0);
  });

  it('generates a password in the docs/product/constants.md composition and shows it', async () => {
    stubServer(userRoutes());
    const user = setupUser();
    renderApp('/home/user/add');
    const password = await screen.findByLabelText('パスワード');
    await user.type(password, 'short');
    expect(await screen.findByText(VALIDATION_MESSAGES.password)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /生\s*成/ }));
    await waitFor(() => {
      expect(screen.queryByText(VALIDATION_MESSAGES.password)).not.toBeInTheDocument();
    });
    const value = (password as HTMLInputElement).value;
    expect(value).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(value.match(/[A-Z]/g)).toHaveLength(1);
    expect(value.match(/[0-9]/g)).toHaveLength(3);
    expect(isPasswordFormat(value)).toBe(true);
    // Shown, so the administrator can hand it over.
    expect(password).toHaveAttribute('type', 'text');
    expect(getFormChanged()).toBe(true);
  });

  it('keeps the IP restriction where the organization does not restrict addresses, saying it does not apply', async () => {
    stubServer(userRoutes());
    renderApp('/home/user/add');
    const restriction = await screen.findByRole('switch', { name: 'IPアドレス制限' });
    // docs/sign-in.md: the user's flag defaults on, and restricts only once the organization's is on too.
    expect(restriction).toBeChecked();
    expect(restriction).toBeDisabled();
    expect(
      screen.getByText('この組織はIPアドレス制限を使用していません。組織の設定で有効にするまで、この設定は適用されません。'),
    ).toBeInTheDocument();
  });

  it('lets the IP restriction be changed where the organization restricts addresses', async () => {
    stubServer(
      userRoutes({ 'GET /api/login_user/organization': { data: { ...fakeOptions, ipAddressRestriction: true } } }),
    );
    const user = setupUser();
    renderApp('/home/user/add');
    const restriction = await screen.findByRole('switch', { name: 'IPアドレス制限' });
    expect(restriction).toBeEnabled();
    expect(screen.queryByText(/この組織はIPアドレス制限を使用していません/)).not.toBeInTheDocument();
    await user.click(restriction);
    expect(restriction).not.toBeChecked();
  });

  it('offers the password generator as a plain button (no icon that reads as a search)', async () => {
    stubServer(userRoutes());
    renderApp('/home/user/add');
    await screen.findByLabelText('パスワード');
    expect(screen.getByRole('button', { name: /生\s*成/ }).querySelector('.anticon')).toBeNull();
  });

  it('creates a user with GROUP_STAFF by default, the group, the store picked by search and a tag', async () => {
    const server = stubServer(
      userRoutes({ 'POST /api/user': { data: { userId: 40 }, message: '保存しました。' } }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/user/add');
    await screen.findByLabelText('ユーザーアカウント');
    expect(selectedText('権限')).toBe('グループスタッフ');
    expect(screen.getByRole('switch', { name: 'IPアドレス制限' })).toBeChecked();

    await user.type(screen.getByLabelText('ユーザーアカウント'), 'store101');
    await user.type(screen.getByLabelText('姓'), '鈴木');
    await user.type(screen.getByLabelText('名'), '一郎');
    await user.type(screen.getByLabelText('メールアドレス'), 'suzuki@example.com');
    await user.type(screen.getByLabelText('パスワード'), 'Suzuki#2026');
    await user.click(screen.getByLabelText('所属グループ'));
    await user.click(within(await screen.findByRole('tree')).getByText('関東ブロック'));
    await user.click(screen.getByLabelText('所属店舗'));
    await user.click(await screen.findByTitle('渋谷公園通り店'));
    await user.click(screen.getByLabelText('タグ'));
    await user.click(await screen.findByTitle('アルバイト'));
    await user.click(screen.getByRole('button', { name: SAVE }));

    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('POST /api/user')[0]?.json()).toEqual({
      userAccount: 'store101',
      lastName: '鈴木',
      firstName: '一郎',
      password: 'Suzuki#2026',
      mainAuthorityName: 'GROUP_STAFF',
      subAuthorityNameList: [],
      groupId: 5,
      facilityId: 12,
      attributeIdList: [2],
      ipAddressRestriction: true,
      mfaType: 'NONE',
      mailAddress: 'suzuki@example.com',
      disabled: false,
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/');
    });
    expect(getFormChanged()).toBeNull();
  });

  it('edits with the version read and keeps the password when left empty', async () => {
    const server = stubServer(
      userRoutes({
        'GET /api/user/21': { data: staffUser },
        'PUT /api/user/21': { data: null, message: '保存しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/user/21');
    const account = await screen.findByLabelText('ユーザーアカウント');
    expect(account).toHaveValue('store002');
    expect(screen.getByLabelText('メールアドレス')).toHaveValue('sato@example.com');
    expect(selectedText('権限')).toBe('グループスタッフ');
    await waitFor(() => {
      expect(selectedText('所属店舗')).toBe('新宿駅前店');
    });
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const first = (await server.calls('PUT /api/user/21')[0]?.json()) as Record<string, unknown>;
    expect(first).toMatchObject({
      userAccount: 'store002',
      password: '',
      mainAuthorityName: 'GROUP_STAFF',
      subAuthorityNameList: ['CHECK_ITEM_EDITOR'],
      groupId: 5,
      facilityId: 11,
      attributeIdList: [1],
      disabled: false,
      version: 4,
    });
  });

  it('sends a generated password and the disabled flag', async () => {
    const server = stubServer(
      userRoutes({
        'GET /api/user/21': { data: staffUser },
        'PUT /api/user/21': { data: null, message: '保存しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/user/21');
    await screen.findByLabelText('ユーザーアカウント');
    await user.click(screen.getByRole('button', { name: /生\s*成/ }));
    const generated = screen.getByLabelText<HTMLInputElement>('パスワード').value;
    await user.click(screen.getByRole('checkbox', { name: /このユーザーを無効にする/ }));
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const body = (await server.calls('PUT /api/user/21')[0]?.json()) as Record<string, unknown>;
    expect(body.password).toBe(generated);
    expect(isPasswordFormat(generated)).toBe(true);
    expect(body.disabled).toBe(true);
  });

  it('puts the server\'s field errors under their fields (account taken, authority refused)', async () => {
    stubServer(
      userRoutes({
        'GET /api/user/21': { data: staffUser },
        'PUT /api/user/21': {
          status: 400,
          message: '不正な入力値があります。各入力項目を確認してください。',
          data: {
            fieldErrors: {
              userAccount: 'このユーザーアカウントはすでに使われています。',
              mainAuthorityName: '自分が持っていない権限は付与できません。',
            },
          },
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/user/21');
    await screen.findByLabelText('ユーザーアカウント');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('このユーザーアカウントはすでに使われています。')).toBeInTheDocument();
    expect(screen.getByLabelText('ユーザーアカウント').closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    expect(await screen.findByText('自分が持っていない権限は付与できません。')).toBeInTheDocument();
  });

  it('offers only the authorities the signed-in user may give', async () => {
    stubServer(userRoutes({}, groupAdmin));
    const user = setupUser();
    renderApp('/home/user/add');
    await screen.findByLabelText('ユーザーアカウント');
    await user.click(screen.getByLabelText('権限'));
    await waitFor(() => {
      expect(openOptions()).toEqual(['グループ管理者', 'グループスタッフ']);
    });
    await user.click(screen.getByLabelText('追加権限'));
    await waitFor(() => {
      expect(openOptions()).toEqual(['アンケート編集', '履歴エクスポート']);
    });
  });

  it('never offers the system administrator outside the system organization', async () => {
    stubServer(userRoutes());
    const user = setupUser();
    renderApp('/home/user/add');
    await screen.findByLabelText('ユーザーアカウント');
    await user.click(screen.getByLabelText('権限'));
    await waitFor(() => {
      expect(openOptions()).toEqual(['組織管理者', 'グループ管理者', 'グループスタッフ']);
    });
  });

  it('offers a reload after a version conflict, which reads the user again', async () => {
    let reads = 0;
    const server = stubServer(
      userRoutes({
        'GET /api/user/21': () => {
          reads += 1;
          return { data: reads === 1 ? staffUser : { ...staffUser, lastName: '加藤', version: 5 } };
        },
        'PUT /api/user/21': { status: 409, message: 'ほかのユーザーが先に更新しました。再読み込みしてください。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/user/21');
    const lastName = await screen.findByLabelText('姓');
    await user.type(lastName, '!');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(
      await screen.findByText('ほかのユーザーが先に更新しました。再読み込みしてください。(エラーコード:409)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /再読み込み/ }));
    await waitFor(() => {
      expect(screen.getByLabelText('姓')).toHaveValue('加藤');
    });
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => {
      expect(server.calls('PUT /api/user/21')).toHaveLength(2);
    });
    const second = (await server.calls('PUT /api/user/21')[1]?.json()) as { version: number };
    expect(second.version).toBe(5);
  });

  it('deletes the user after asking, then goes back to the list', async () => {
    const server = stubServer(
      userRoutes({
        'GET /api/user/21': { data: staffUser },
        'DELETE /api/user/21': { data: null, message: '削除しました。' },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/user/21');
    await user.click(await screen.findByRole('button', { name: 'store002を削除' }));
    expect(await screen.findByText('削除しますか？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^削\s*除$/ }));
    expect(await screen.findByText('削除しました。')).toBeInTheDocument();
    expect(server.calls('DELETE /api/user/21')).toHaveLength(1);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/');
    });
  });

  it('lets nobody disable or delete itself', async () => {
    stubServer(userRoutes({ 'GET /api/user/2': { data: adminUser } }));
    renderApp('/home/user/2');
    await screen.findByLabelText('ユーザーアカウント');
    expect(screen.queryByRole('checkbox', { name: /このユーザーを無効にする/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'demoadminを削除' })).not.toBeInTheDocument();
  });

  it('shows a user that is not there as an error', async () => {
    stubServer(userRoutes({ 'GET /api/user/99': { status: 404, message: 'ユーザーが見つかりません。' } }));
    renderApp('/home/user/99');
    expect(await screen.findByText('ユーザーが見つかりません。')).toBeInTheDocument();
  });
});

describe('the store of a user (the server\'s user.StoreRequired)', { timeout: 90_000 }, () => {
  const noStore = { ...staffUser, facilityId: null, facilityName: '' };
  const saved = { data: null, message: '保存しました。' };

  /** The 所属店舗 label, which antd marks when the field is required. */
  const storeLabel = () => document.querySelector('label[for="facilityId"]');

  it('is required of group staff whose group has stores, and of nobody else', async () => {
    const server = stubServer(userRoutes({ 'GET /api/user/21': { data: noStore }, 'PUT /api/user/21': saved }));
    const user = setupUser();
    renderApp('/home/user/21');
    await screen.findByLabelText('ユーザーアカウント');
    // 関東ブロック holds stores (the store list filtered by the group answers two).
    await waitFor(() => {
      expect(storeLabel()).toHaveClass('ant-form-item-required');
    });
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('所属店舗は必須です')).toBeInTheDocument();
    expect(server.calls('PUT /api/user/21')).toHaveLength(0);
    expect(lastQuery(server.requests, 'GET /api/facility').get('groupId')).toBe('5');

    // A group administrator of the same group belongs to no store.
    await user.click(screen.getByLabelText('権限'));
    await user.click(await screen.findByTitle('グループ管理者'));
    await waitFor(() => {
      expect(storeLabel()).not.toHaveClass('ant-form-item-required');
    });
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('PUT /api/user/21')[0]?.json()).toMatchObject({ mainAuthorityName: 'GROUP_ADMIN', facilityId: 0 });
  });

  it('is not required of group staff whose group has no store; none read as 0 is sent as 0', async () => {
    const server = stubServer(
      userRoutes({
        'GET /api/user/21': { data: { ...noStore, facilityId: 0 } },
        'GET /api/facility': { data: page([]) },
        'PUT /api/user/21': saved,
      }),
    );
    const user = setupUser();
    renderApp('/home/user/21');
    await screen.findByLabelText('ユーザーアカウント');
    expect(selectedText('所属店舗')).toBe('所属店舗を選択（店舗名で検索）'); // the placeholder: no store, no '#0'
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('PUT /api/user/21')[0]?.json()).toMatchObject({ mainAuthorityName: 'GROUP_STAFF', facilityId: 0 });
    expect(server.calls('GET /api/facility/0')).toHaveLength(0);
  });
});
