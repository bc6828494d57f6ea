import { describe, expect, it } from 'vitest';
import { interpretAnswer } from './outcome';

const envelope = (code: number, message: string, data?: unknown) => ({ code, message, data });

describe('interpretAnswer', () => {
  it('no response: connection text, code -1', () => {
    expect(interpretAnswer({ received: false })).toEqual({
      ok: false,
      failure: { code: -1, message: '接続できませんでした。' },
      toast: { kind: 'error', text: '接続できませんでした。' },
    });
  });

  it('code 0: the data, silent by default', () => {
    const outcome = interpretAnswer<{ appName: string }>({
      received: true,
      status: 200,
      body: envelope(0, '', { appName: 'ROUDER' }),
    });
    expect(outcome).toEqual({ ok: true, data: { appName: 'ROUDER' }, toast: null });
  });

  it('code 0 with a success text: a 10 s success toast', () => {
    const outcome = interpretAnswer(
      { received: true, status: 200, body: envelope(0, '') },
      { successText: '保存しました。' },
    );
    expect(outcome.toast).toEqual({ kind: 'success', text: '保存しました。', durationMs: 10000 });
  });

  it('non-zero code in an envelope: its message plus the code', () => {
    const outcome = interpretAnswer({
      received: true,
      status: 200,
      body: envelope(1001, '対象の店舗は削除されています。'),
    });
    expect(outcome).toEqual({
      ok: false,
      failure: { code: 1001, message: '対象の店舗は削除されています。' },
      toast: { kind: 'error', text: '対象の店舗は削除されています。(エラーコード:1001)' },
    });
  });

  it('a business error status keeps the server message (409 conflict)', () => {
    const outcome = interpretAnswer({
      received: true,
      status: 409,
      body: envelope(409, 'このアカウントは既に使われています。'),
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? null : outcome.failure).toEqual({
      code: 409,
      message: 'このアカウントは既に使われています。',
    });
    expect(outcome.toast?.text).toBe('このアカウントは既に使われています。(エラーコード:409)');
  });

  it('puts the optional prefix before the error text', () => {
    const outcome = interpretAnswer(
      { received: true, status: 400, body: envelope(400, '入力値が不正です。') },
      { errorPrefix: '保存できませんでした。' },
    );
    expect(outcome.toast?.text).toBe('保存できませんでした。入力値が不正です。(エラーコード:400)');
  });

  it('401 without an envelope: the timeout text', () => {
    expect(interpretAnswer({ received: true, status: 401, body: '' })).toEqual({
      ok: false,
      failure: { code: 401, message: 'タイムアウトしました。再度ログインしてください。' },
      toast: { kind: 'error', text: 'タイムアウトしました。再度ログインしてください。' },
    });
  });

  it('401 envelope with an empty message: the timeout text, with the code', () => {
    const outcome = interpretAnswer({ received: true, status: 401, body: envelope(401, '') });
    expect(outcome.ok ? null : outcome.failure).toEqual({
      code: 401,
      message: 'タイムアウトしました。再度ログインしてください。',
    });
    expect(outcome.toast?.text).toBe('タイムアウトしました。再度ログインしてください。(エラーコード:401)');
  });

  it('403 without an envelope: the permission text', () => {
    expect(interpretAnswer({ received: true, status: 403, body: 'Forbidden' })).toEqual({
      ok: false,
      failure: { code: 403, message: '権限がありません。管理者までご連絡ください。' },
      toast: { kind: 'error', text: '権限がありません。管理者までご連絡ください。' },
    });
  });

  it.each([500, 502, 404])('%d without an envelope: the unknown-error text', (status) => {
    expect(interpretAnswer({ received: true, status, body: '<html>Bad Gateway</html>' })).toEqual({
      ok: false,
      failure: { code: status, message: '不明なエラーが発生しました。システム管理者までご連絡ください。' },
      toast: { kind: 'error', text: '不明なエラーが発生しました。システム管理者までご連絡ください。' },
    });
  });

  it('a 2xx answer that is not an envelope is not a success', () => {
    const outcome = interpretAnswer({ received: true, status: 200, body: 'ORGANIZATION' });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? null : outcome.failure.code).toBe(200);
  });

  it('carries the field messages of an invalid input', () => {
    const outcome = interpretAnswer({
      received: true,
      status: 400,
      body: envelope(400, '不正な入力値があります。各入力項目を確認してください。', {
        fieldErrors: { currentPassword: '現在のパスワードが正しくありません。', bogus: 3 },
      }),
    });
    expect(outcome.ok ? null : outcome.failure).toEqual({
      code: 400,
      message: '不正な入力値があります。各入力項目を確認してください。',
      fieldErrors: { currentPassword: '現在のパスワードが正しくありません。' },
    });
  });

  it('the login refusal keeps the server message (401 with an envelope)', () => {
    const outcome = interpretAnswer({
      received: true,
      status: 401,
      body: envelope(401, '組織ID、アカウントまたはパスワードが正しくありません。'),
    });
    expect(outcome.ok ? null : outcome.failure.message).toBe('組織ID、アカウントまたはパスワードが正しくありません。');
  });
});
