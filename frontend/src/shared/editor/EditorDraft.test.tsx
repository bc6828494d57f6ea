import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editorRoutes, hygiene } from '@/features/checks/editor/testing';
import { allowSlowScreens, masterRoutes, page, setupUser, shinjuku, shinjukuDetail } from '@/features/masters/testing';
import { staffUser, userRoutes } from '@/features/masters/user/testing';
import { getFormChanged } from '@/lib/session/formChanged';
import type { LoginUser } from '@/lib/api/types';
import { demoAdmin, sentBody, stubServer, type FakeRoutes } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { DRAFT_LEFT_OUT, DRAFT_RESTORED } from './draftTexts';

// docs/product/shell.md#shell-behaviour: the session expires while an edit form has unsaved changes;
// after signing in again, the same user finds the typed values back in the same form.

allowSlowScreens();

const SAVE = /^保\s*存$/;
const TIMED_OUT = 'タイムアウトしました。再度ログインしてください。';
const UNAUTHORIZED = { status: 401, message: TIMED_OUT };

/**
 * The server of one expiry: signed in as `first`; the first PUT to `put` answers 401 (the session is
 * gone), after which /api/login_user is 401 until POST /login signs in `second`; later PUTs save.
 */
function expiringServer(base: FakeRoutes, put: string, first: LoginUser = demoAdmin, second: LoginUser = first) {
  let signedIn: LoginUser | null = first;
  let expired = false;
  return stubServer({
    ...base,
    'GET /api/login_user': () => (signedIn ? { data: signedIn } : UNAUTHORIZED),
    'GET /session_state': () => ({ data: { signedIn: signedIn !== null, mfaRequired: false } }),
    'POST /login': () => {
      signedIn = second;
      return { data: { mfaRequired: false } };
    },
    [put]: () => {
      if (!expired) {
        expired = true;
        signedIn = null;
        return UNAUTHORIZED;
      }
      return signedIn ? { data: null, message: '保存しました。' } : UNAUTHORIZED;
    },
  });
}

async function signIn(user: ReturnType<typeof setupUser>, account = 'demoadmin') {
  await user.type(await screen.findByLabelText('組織ID'), '2');
  await user.type(screen.getByLabelText('アカウント'), account);
  await user.type(screen.getByLabelText('パスワード'), 'Demoadmin#2026');
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
}

const draftKeys = () => Object.keys(sessionStorage).filter((key) => key.startsWith('rouder_draft:'));

const storeRoutes = () =>
  masterRoutes({ 'GET /api/facility/11': { data: shinjukuDetail }, 'GET /api/facility': { data: page([shinjuku]) } });

/** Opens store 11, types a new name and the manager, and saves into an expired session. */
async function typeAndExpire(user: ReturnType<typeof setupUser>) {
  const name = await screen.findByLabelText('店舗名');
  await user.clear(name);
  await user.type(name, '新宿東口店');
  await user.clear(screen.getByLabelText('店長名'));
  await user.click(screen.getByRole('button', { name: SAVE }));
  expect(await screen.findByText(TIMED_OUT)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
  expect(screen.queryByLabelText('店舗名')).not.toBeInTheDocument();
}

describe('an edit form when the session expires', { timeout: 60_000 }, () => {
  it('gives the same user the typed values back after signing in, with a notice, and saves them', async () => {
    const server = expiringServer(storeRoutes(), 'PUT /api/facility/11');
    const user = setupUser();
    const { router } = renderApp('/home/facility/11');
    await typeAndExpire(user);
    expect(draftKeys()).toEqual(['rouder_draft:2.2:2/Facility/11']);

    await signIn(user);
    expect(await screen.findByText(DRAFT_RESTORED)).toBeInTheDocument();
    expect(screen.queryByText(DRAFT_LEFT_OUT)).not.toBeInTheDocument();
    expect(screen.getByLabelText('店舗名')).toHaveValue('新宿東口店');
    expect(screen.getByLabelText('店長名')).toHaveValue('');
    expect(screen.getByLabelText('店舗名カナ')).toHaveValue('シンジュクエキマエテン');
    // Restored is unsaved: leaving asks first. And it is offered once, not on every visit.
    expect(getFormChanged()).toBe(true);
    expect(draftKeys()).toEqual([]);

    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const puts = server.calls('PUT /api/facility/11');
    expect(puts).toHaveLength(2);
    expect(await sentBody(puts[1])).toMatchObject({ facilityName: '新宿東口店', managerName: '', version: 7 });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/facility/');
    });
    expect(draftKeys()).toEqual([]);
  });

  it('offers nothing to another user signing in on the tab, and drops what was kept', async () => {
    const other = { ...demoAdmin, userId: 9, userAccount: 'otheradmin' };
    expiringServer(storeRoutes(), 'PUT /api/facility/11', demoAdmin, other);
    const user = setupUser();
    renderApp('/home/facility/11');
    await typeAndExpire(user);
    expect(draftKeys()).toHaveLength(1);

    await signIn(user, 'otheradmin');
    expect(await screen.findByLabelText('店舗名')).toHaveValue('新宿駅前店');
    expect(screen.queryByText(DRAFT_RESTORED)).not.toBeInTheDocument();
    expect(draftKeys()).toEqual([]);
    expect(getFormChanged()).toBeNull();
  });

  it('破棄 puts the saved record back', async () => {
    const server = expiringServer(storeRoutes(), 'PUT /api/facility/11');
    const user = setupUser();
    renderApp('/home/facility/11');
    await typeAndExpire(user);
    await signIn(user);
    expect(await screen.findByText(DRAFT_RESTORED)).toBeInTheDocument();
    const reads = server.calls('GET /api/facility/11').length;

    await user.click(screen.getByRole('button', { name: '破棄' }));
    await waitFor(() => {
      expect(screen.getByLabelText('店舗名')).toHaveValue('新宿駅前店');
    });
    expect(screen.getByLabelText('店長名')).toHaveValue('田中 一郎');
    expect(screen.queryByText(DRAFT_RESTORED)).not.toBeInTheDocument();
    expect(server.calls('GET /api/facility/11').length).toBeGreaterThan(reads);
    expect(getFormChanged()).toBeNull();
  });

  it('keeps nothing when nothing was typed', async () => {
    const server = expiringServer(storeRoutes(), 'PUT /api/facility/11');
    const user = setupUser();
    renderApp('/home/facility/11');
    await screen.findByLabelText('店舗名');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    expect(server.calls('PUT /api/facility/11')).toHaveLength(1);
    expect(draftKeys()).toEqual([]);
  });

  it('never keeps a password: the rest comes back, and the notice asks for the password again', async () => {
    const server = expiringServer(userRoutes({ 'GET /api/user/21': { data: staffUser } }), 'PUT /api/user/21');
    const user = setupUser();
    renderApp('/home/user/21');
    const lastName = await screen.findByLabelText('姓');
    await user.clear(lastName);
    await user.type(lastName, '鈴木');
    await user.type(screen.getByLabelText('パスワード'), 'Secret#Word2026');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    expect(server.calls('PUT /api/user/21')).toHaveLength(1);

    const kept = draftKeys().map((key) => sessionStorage.getItem(key) ?? '');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain('鈴木');
    expect(kept[0]).not.toContain('Secret#Word2026');

    await signIn(user);
    expect(await screen.findByText(DRAFT_RESTORED)).toBeInTheDocument();
    expect(screen.getByText(DRAFT_LEFT_OUT)).toBeInTheDocument();
    expect(screen.getByLabelText('姓')).toHaveValue('鈴木');
    expect(screen.getByLabelText('パスワード')).toHaveValue('');
  });

  it('works the same in an editor of the shared frame (a check list)', async () => {
    const server = expiringServer(
      masterRoutes({ ...editorRoutes, 'GET /api/check_list_master/5': { data: hygiene } }),
      'PUT /api/check_list_master/5',
    );
    const user = setupUser();
    renderApp('/home/check_list_master/5');
    const name = await screen.findByLabelText('チェックリスト名');
    await user.clear(name);
    await user.type(name, '週次 衛生点検');
    await user.click(screen.getByText('保存', { selector: 'button span' }));
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();

    await signIn(user);
    expect(await screen.findByText(DRAFT_RESTORED)).toBeInTheDocument();
    expect(screen.getByLabelText('チェックリスト名')).toHaveValue('週次 衛生点検');
    await user.click(screen.getByText('保存', { selector: 'button span' }));
    await waitFor(() => {
      expect(server.calls('PUT /api/check_list_master/5')).toHaveLength(2);
    });
    expect(await sentBody(server.calls('PUT /api/check_list_master/5')[1])).toMatchObject({
      checkListMasterName: '週次 衛生点検',
      version: hygiene.version,
    });
  });
});
