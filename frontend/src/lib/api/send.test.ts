import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError, fetchData, send } from './send';
import { onSessionExpired } from './sessionExpiry';

const clientAnswering = (answer: () => Promise<Response>) => createApiClient({ fetch: vi.fn(answer) });

describe('send', () => {
  it('reports a call that never got an answer as "no response"', async () => {
    const api = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const outcome = await send(() => api.GET('/mfa_required'));
    expect(outcome).toMatchObject({ ok: false, failure: { code: -1, message: '接続できませんでした。' } });
  });

  it('reads the envelope of an error status', async () => {
    const api = clientAnswering(() =>
      Promise.resolve(Response.json({ code: 403, message: '権限がありません。管理者までご連絡ください。' }, { status: 403 })),
    );
    const outcome = await send(() => api.GET('/mfa_required'));
    expect(outcome).toMatchObject({ ok: false, failure: { code: 403, message: '権限がありません。管理者までご連絡ください。' } });
  });

  it('hands back the data of a success', async () => {
    const api = clientAnswering(() => Promise.resolve(Response.json({ code: 0, message: '', data: true })));
    await expect(send(() => api.GET('/mfa_required'))).resolves.toEqual({ ok: true, data: true, toast: null });
  });
});

describe('fetchData', () => {
  it('returns the data on success', async () => {
    const api = clientAnswering(() => Promise.resolve(Response.json({ code: 0, message: '', data: false })));
    await expect(fetchData(() => api.GET('/mfa_required'))).resolves.toBe(false);
  });

  it('throws an ApiError with the code on failure', async () => {
    const api = clientAnswering(() => Promise.resolve(new Response('Bad Gateway', { status: 502 })));
    const error: unknown = await fetchData(() => api.GET('/mfa_required')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 502, message: '不明なエラーが発生しました。システム管理者までご連絡ください。' });
  });
});

describe('session expiry', () => {
  const unauthorized = () =>
    Promise.resolve(Response.json({ code: 401, message: 'ログインしてください。' }, { status: 401 }));

  it('reports a 401 to the session-expiry listeners', async () => {
    const listener = vi.fn();
    const stop = onSessionExpired(listener);
    try {
      const api = clientAnswering(unauthorized);
      const outcome = await send(() => api.GET('/api/login_user'));
      expect(outcome).toMatchObject({ ok: false, failure: { code: 401 } });
      expect(listener).toHaveBeenCalledOnce();
    } finally {
      stop();
    }
  });

  it('stays quiet when the call expects 401 as an answer', async () => {
    const listener = vi.fn();
    const stop = onSessionExpired(listener);
    try {
      const api = clientAnswering(unauthorized);
      await send(() => api.GET('/api/login_user'), { unauthorizedIsAnswer: true });
      expect(listener).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });

  it('does not report other failures', async () => {
    const listener = vi.fn();
    const stop = onSessionExpired(listener);
    try {
      const api = clientAnswering(() => Promise.resolve(Response.json({ code: 403, message: 'x' }, { status: 403 })));
      await send(() => api.GET('/api/login_user'));
      expect(listener).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
