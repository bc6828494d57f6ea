import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoAdmin, signedInRoutes, stubServer } from '@/test/fakeServer';
import { renderWithProviders } from '@/test/renderWithProviders';
import * as sessionApi from './api';
import { LoginScreen } from './LoginScreen';
import { sessionKeys } from './queries';

// The network layer of the session feature is replaced; /api/login_user (asked after a
// successful sign-in) and /api/const come from the stubbed fetch.
vi.mock('./api', async (importOriginal) => {
  const original = await importOriginal<typeof import('./api')>();
  return {
    ...original,
    fetchUniqueRange: vi.fn(),
    fetchMfaRequired: vi.fn(),
    login: vi.fn(),
    authenticateMfa: vi.fn(),
    resendMfaCode: vi.fn(),
    logout: vi.fn(),
  };
});

const api = vi.mocked(sessionApi);
const WRONG_CREDENTIALS = '組織ID、アカウントまたはパスワードが正しくありません。';

beforeEach(() => {
  vi.resetAllMocks();
  stubServer(signedInRoutes());
  api.fetchUniqueRange.mockResolvedValue('ORGANIZATION');
  api.fetchMfaRequired.mockResolvedValue(false);
  api.logout.mockResolvedValue(true);
});

async function fillLogin(user: ReturnType<typeof userEvent.setup>, organizationId = '2') {
  await user.type(await screen.findByLabelText('組織ID'), organizationId);
  await user.type(screen.getByLabelText('アカウント'), 'demoadmin');
  await user.type(screen.getByLabelText('パスワード'), 'Demoadmin#2026');
}

describe('login form', () => {
  it('asks for organization id, account and password', async () => {
    renderWithProviders(<LoginScreen />);
    expect(await screen.findByLabelText('組織ID')).toBeInTheDocument();
    expect(screen.getByLabelText('アカウント')).toBeInTheDocument();
    expect(screen.getByLabelText('パスワード')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'ROUDER' })).toBeInTheDocument();
  });

  it('hides the organization id in the SYSTEM unique range and sends none', async () => {
    api.fetchUniqueRange.mockResolvedValue('SYSTEM');
    api.login.mockResolvedValue({ ok: false, failure: { code: 401, message: WRONG_CREDENTIALS }, toast: { kind: 'error', text: '' } });
    const user = userEvent.setup();
    renderWithProviders(<LoginScreen />);
    await user.type(await screen.findByLabelText('アカウント'), 'sysadmin');
    expect(screen.queryByLabelText('組織ID')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('パスワード'), 'x');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => {
      expect(api.login).toHaveBeenCalledWith({ userAccount: 'sysadmin', password: 'x' });
    });
  });

  it('says which fields are required, in the words of docs/product/validation.md', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginScreen />);
    await user.click(await screen.findByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('組織IDは必須です')).toBeInTheDocument();
    expect(screen.getByText('アカウントは必須です')).toBeInTheDocument();
    expect(screen.getByText('パスワードは必須です')).toBeInTheDocument();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('checks a field when it is left, again as it is corrected, and focuses the first wrong one on submit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginScreen />);
    await user.click(await screen.findByLabelText('アカウント'));
    await user.tab();
    expect(await screen.findByText('アカウントは必須です')).toBeInTheDocument();
    expect(screen.getByLabelText('アカウント')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('アカウント')).toHaveAccessibleDescription('アカウントは必須です');
    // Not yet left: the other fields say nothing.
    expect(screen.queryByText('組織IDは必須です')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('アカウント'), 'd');
    expect(screen.queryByText('アカウントは必須です')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('パスワード'), 'x');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('組織IDは必須です')).toBeInTheDocument();
    expect(screen.getByLabelText('組織ID')).toHaveFocus();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('shows the password on request, keeping the focus in the field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginScreen />);
    const password = await screen.findByLabelText('パスワード');
    await user.type(password, 'Demo#1');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'パスワードを表示' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveFocus();
    // Not left, so not checked.
    expect(screen.queryByText('パスワードは必須です')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'パスワードを隠す' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('wants a numeric organization id', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginScreen />);
    await fillLogin(user, 'abc');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('整数で入力してください')).toBeInTheDocument();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('takes what the input method typed: a full-width organization id and account', async () => {
    api.login.mockResolvedValue({ ok: true, data: { mfaRequired: false }, toast: null });
    const user = userEvent.setup();
    renderWithProviders(<LoginScreen />);
    await fillLogin(user, '２');
    await user.clear(screen.getByLabelText('アカウント'));
    await user.type(screen.getByLabelText('アカウント'), 'ｄｅｍｏａｄｍｉｎ');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => {
      expect(api.login).toHaveBeenCalledWith({ organizationId: 2, userAccount: 'demoadmin', password: 'Demoadmin#2026' });
    });
    expect(screen.queryByText('整数で入力してください')).not.toBeInTheDocument();
  });

  it('shows a refused sign-in in an alert with the server message', async () => {
    api.login.mockResolvedValue({
      ok: false,
      failure: { code: 401, message: WRONG_CREDENTIALS },
      toast: { kind: 'error', text: `${WRONG_CREDENTIALS}(エラーコード:401)` },
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginScreen />);
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CREDENTIALS);
    expect(api.login).toHaveBeenCalledWith({ organizationId: 2, userAccount: 'demoadmin', password: 'Demoadmin#2026' });
  });

  it('signs in without the code step when none is asked for', async () => {
    api.login.mockResolvedValue({ ok: true, data: { mfaRequired: false }, toast: null });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<LoginScreen />);
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => {
      expect(queryClient.getQueryData(sessionKeys.loginUser)).toEqual(demoAdmin);
    });
    expect(sessionStorage.getItem('rouder_organizationId')).toBe('2');
  });
});

describe('e-mail code step', () => {
  const codeField = () => screen.findByRole('textbox', { name: '認証コード' });

  async function reachCodeStep() {
    api.login.mockResolvedValue({ ok: true, data: { mfaRequired: true }, toast: null });
    const user = userEvent.setup();
    const view = renderWithProviders(<LoginScreen />);
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await codeField();
    return { user, ...view };
  }

  it('follows a password sign-in that asks for it', async () => {
    await reachCodeStep();
    expect(screen.getByText('メール認証')).toBeInTheDocument();
    expect(screen.queryByLabelText('パスワード')).not.toBeInTheDocument();
  });

  it('shows at once when this browser waits for a code (after a reload)', async () => {
    api.fetchMfaRequired.mockResolvedValue(true);
    renderWithProviders(<LoginScreen />);
    expect(await codeField()).toHaveFocus();
  });

  it('reads a code typed with the input method on as its digits', async () => {
    api.authenticateMfa.mockResolvedValue({ ok: true, data: undefined, toast: null });
    await reachCodeStep();
    fireEvent.change(await codeField(), { target: { value: '１２３４５６' } });
    await waitFor(() => {
      expect(api.authenticateMfa).toHaveBeenCalledWith('123456');
    });
  });

  it('sends the code by itself at six characters', async () => {
    api.authenticateMfa.mockResolvedValue({ ok: true, data: undefined, toast: null });
    const { user, queryClient } = await reachCodeStep();
    await user.type(await codeField(), '12345');
    expect(api.authenticateMfa).not.toHaveBeenCalled();
    await user.type(await codeField(), '6');
    expect(api.authenticateMfa).toHaveBeenCalledWith('123456');
    await waitFor(() => {
      expect(queryClient.getQueryData(sessionKeys.loginUser)).toEqual(demoAdmin);
    });
  });

  it('clears and refocuses the field after a wrong code, with the server message', async () => {
    api.authenticateMfa.mockResolvedValue({
      ok: false,
      failure: { code: 400, message: '認証コードが正しくありません。' },
      toast: { kind: 'error', text: '' },
    });
    const { user } = await reachCodeStep();
    await user.type(await codeField(), '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('認証コードが正しくありません。');
    await waitFor(async () => {
      expect(await codeField()).toHaveValue('');
    });
    await waitFor(async () => {
      expect(await codeField()).toHaveFocus();
    });
    // Still the code step: the user may try again.
    api.authenticateMfa.mockResolvedValue({ ok: true, data: undefined, toast: null });
    await user.type(await codeField(), '123456');
    expect(api.authenticateMfa).toHaveBeenLastCalledWith('123456');
  });

  it('goes back to the password step when the attempt is over (401)', async () => {
    api.authenticateMfa.mockResolvedValue({
      ok: false,
      failure: { code: 401, message: '認証コードの有効期限が切れました。再度ログインしてください。' },
      toast: { kind: 'error', text: '' },
    });
    const { user } = await reachCodeStep();
    await user.type(await codeField(), '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('認証コードの有効期限が切れました。');
    expect(await screen.findByLabelText('パスワード')).toBeInTheDocument();
  });

  it('cancel logs out and returns to the login form', async () => {
    const { user } = await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(api.logout).toHaveBeenCalledOnce();
    expect(await screen.findByLabelText('パスワード')).toBeInTheDocument();
  });

  it('says where the code went and until when, and sends a new one on 再送信', async () => {
    const expires = '2026-11-24T01:10:00Z'; // 10:10 in Tokyo
    stubServer({
      ...signedInRoutes(),
      'GET /session_state': { data: { signedIn: false, mfaRequired: true, mfaMailAddress: 's*******@rouder.example', codeExpiresAt: expires } },
    });
    api.fetchMfaRequired.mockResolvedValue(true);
    api.resendMfaCode.mockResolvedValueOnce({ ok: false, failure: { code: 429, message: '認証コードの再送信は1分ほど待ってからお試しください。' }, toast: { kind: 'error', text: '' } });
    api.resendMfaCode.mockResolvedValueOnce({ ok: true, data: null, toast: null });
    const user = userEvent.setup();
    renderWithProviders(<LoginScreen />);
    expect(await screen.findByText(/s\*\*\*\*\*\*\*@rouder\.example に認証コードを送信しました/)).toBeInTheDocument();
    expect(await screen.findByText(/10:10 まで/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '再送信' }));
    expect(await screen.findByText('認証コードの再送信は1分ほど待ってからお試しください。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '再送信' }));
    expect(await screen.findByRole('status')).toHaveTextContent('認証コードを再送信しました。');
    expect(api.resendMfaCode).toHaveBeenCalledTimes(2);
  });
});
