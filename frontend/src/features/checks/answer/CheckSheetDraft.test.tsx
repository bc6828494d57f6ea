import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, setupUser, storeStaff } from '@/features/masters/testing';
import { getFormChanged } from '@/lib/session/formChanged';
import type { LoginUser } from '@/lib/api/types';
import { sentBody, stubServer, type FakeRoutes } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { DRAFT_RESTORED as RESTORED } from '@/shared/editor/draftTexts';
import type { CheckSheet } from './api';
import type { CheckSheetSave } from './testTypes';
import { answeredSheet, answerRoutes, FLOOR, FRIDGE, hygieneSheet, pngFile, stubUploads, TODAY, TOILET } from './testing';

// docs/checks.md (the store's answering page): the session expires while store staff have unsaved
// answers on a sheet; signed in again, the same user finds them back on the same sheet.

allowSlowScreens();

const SHEET = '/api/check/sheet/4';
const TIMED_OUT = 'タイムアウトしました。再度ログインしてください。';
const UNAUTHORIZED = { status: 401, message: TIMED_OUT };
const KEY = `rouder_draft:2.${String(storeStaff.userId)}:2/CheckSheet/4/1`;

const item = (question: string) => screen.getByRole('region', { name: question });
const choice = (question: string, label: string) => within(item(question)).getByRole('button', { name: label });
const draftKeys = () => Object.keys(sessionStorage).filter((key) => key.startsWith('rouder_draft:'));
const photo = (photoId: number) => ({
  photoId,
  url: `/api/photo/${photoId}`,
  thumbnailUrl: `/api/photo/${photoId}/thumbnail`,
  width: 640,
  height: 480,
});

interface Expiry {
  /** The sheet read before the expiry, and after signing in again. */
  before?: CheckSheet;
  after?: CheckSheet;
  /** Who signs in again. */
  second?: LoginUser;
  /** The call whose `expireAt`-th answer (from 1) is 401, the session gone; the others are answered by `routes`. */
  expiring?: string;
  expireAt?: number;
  routes?: FakeRoutes;
}

/**
 * store001 on sheet 4: the `expireAt`-th `expiring` call answers 401, after which /api/login_user is
 * 401 until POST /login signs in `second`; PUTs save.
 */
function expiringServer({
  before = hygieneSheet,
  after = before,
  second = storeStaff,
  expiring = `PUT ${SHEET}`,
  expireAt = 1,
  routes = {},
}: Expiry = {}) {
  let signedIn: LoginUser | null = storeStaff;
  let expired = false;
  let calls = 0;
  const answers: FakeRoutes = {
    [`PUT ${SHEET}`]: { data: null, message: '下書きを保存しました。' },
    'GET /api/check/open': { data: [] },
    ...routes,
  };
  const later = answers[expiring] ?? { data: null };
  return stubServer(
    answerRoutes({
      ...answers,
      'GET /api/login_user': () => (signedIn ? { data: signedIn } : UNAUTHORIZED),
      'GET /session_state': () => ({ data: { signedIn: signedIn !== null, mfaRequired: false } }),
      'POST /login': () => {
        signedIn = second;
        return { data: { mfaRequired: false } };
      },
      [`GET ${SHEET}`]: () => (signedIn ? { data: expired ? after : before } : UNAUTHORIZED),
      [expiring]: (request: Request) => {
        calls += 1;
        if (calls === expireAt) {
          expired = true;
          signedIn = null;
          return UNAUTHORIZED;
        }
        if (!signedIn) return UNAUTHORIZED;
        return typeof later === 'function' ? later(request) : later;
      },
    }),
  );
}

async function signIn(user: ReturnType<typeof setupUser>, account = 'store001') {
  await user.type(await screen.findByLabelText('組織ID'), '2');
  await user.type(screen.getByLabelText('アカウント'), account);
  await user.type(screen.getByLabelText('パスワード'), 'Store001#2026');
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
}

/** Answers the floor ×, types a comment on the fridge, and saves into an expired session. */
async function answerAndExpire(user: ReturnType<typeof setupUser>) {
  await screen.findByRole('region', { name: FLOOR });
  await user.click(choice(FLOOR, '×'));
  await user.type(within(item(FRIDGE)).getByLabelText('コメント'), '扉のパッキンが切れている');
  await user.click(screen.getByRole('button', { name: '下書き保存' }));
  expect(await screen.findByText(TIMED_OUT)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: FLOOR })).not.toBeInTheDocument();
}

describe('a check sheet when the session expires', { timeout: 60_000 }, () => {
  it('gives the same user the unsaved answers back after signing in, with a notice, and saves them', async () => {
    const server = expiringServer({ before: hygieneSheet, after: { ...hygieneSheet, version: 1 } });
    const user = setupUser();
    renderApp('/home/check/4');
    await answerAndExpire(user);
    // Only what changed is kept: the floor's choice and the fridge's comment.
    expect(draftKeys()).toEqual([KEY]);
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as { values: { items: Record<string, unknown> } };
    expect(Object.keys(kept.values.items)).toEqual(['1', '3']);

    await signIn(user);
    expect(await screen.findByText(RESTORED)).toBeInTheDocument();
    expect(choice(FLOOR, '×')).toHaveAttribute('aria-pressed', 'true');
    expect(within(item(FRIDGE)).getByLabelText('コメント')).toHaveValue('扉のパッキンが切れている');
    expect(screen.getByText('回答 1 / 3')).toBeInTheDocument();
    // Restored is unsaved (leaving asks first), and offered once.
    expect(getFormChanged()).toBe(true);
    expect(draftKeys()).toEqual([]);

    await user.click(screen.getByRole('button', { name: '下書き保存' }));
    expect(await screen.findByText('下書きを保存しました。')).toBeInTheDocument();
    const puts = server.calls(`PUT ${SHEET}`);
    expect(puts).toHaveLength(2);
    expect(await sentBody<CheckSheetSave>(puts[1])).toEqual({
      version: 1,
      submit: false,
      answerList: [
        { itemId: 1, choice: '×', comment: '', inapplicable: false, photoIdList: [], inputDate: TODAY },
        { itemId: 3, choice: '', comment: '扉のパッキンが切れている', inapplicable: false, photoIdList: [], inputDate: TODAY },
      ],
    });
    await waitFor(() => {
      expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
    });
    expect(draftKeys()).toEqual([]);
    expect(getFormChanged()).toBeNull();
  });

  it('keeps the photos already uploaded when an upload meets the expiry, and puts them back over the saved answers', async () => {
    // The first upload is photo 41; the second finds the session gone.
    expiringServer({
      before: answeredSheet(),
      expiring: 'POST /api/photo',
      expireAt: 2,
      routes: { 'POST /api/photo': { data: photo(41) } },
    });
    stubUploads();
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });
    const input = within(item(TOILET)).getByLabelText(`${TOILET}の写真を撮る`);
    await user.upload(input, pngFile('first.png'));
    expect(await within(item(TOILET)).findByRole('img', { name: '写真2' })).toHaveAttribute('src', '/api/photo/41/thumbnail?ORG_ID=2');
    await user.click(choice(FRIDGE, '○'));
    await user.upload(input, pngFile('second.png'));
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    expect(draftKeys()).toEqual([KEY]);
    expect(sessionStorage.getItem(KEY)).not.toContain('png');

    await signIn(user);
    expect(await screen.findByText(RESTORED)).toBeInTheDocument();
    expect(within(item(TOILET)).getByRole('img', { name: '写真1' })).toHaveAttribute('src', '/api/photo/31/thumbnail?ORG_ID=2');
    expect(within(item(TOILET)).getByRole('img', { name: '写真2' })).toHaveAttribute('src', '/api/photo/41/thumbnail?ORG_ID=2');
    expect(choice(FRIDGE, '○')).toHaveAttribute('aria-pressed', 'true');
    // Untouched items as the server has them.
    expect(choice(FLOOR, '○')).toHaveAttribute('aria-pressed', 'true');
  });

  it('破棄 puts the saved sheet back', async () => {
    const server = expiringServer();
    const user = setupUser();
    renderApp('/home/check/4');
    await answerAndExpire(user);
    await signIn(user);
    expect(await screen.findByText(RESTORED)).toBeInTheDocument();
    const reads = server.calls(`GET ${SHEET}`).length;

    await user.click(screen.getByRole('button', { name: '破棄' }));
    await waitFor(() => {
      expect(choice(FLOOR, '×')).toHaveAttribute('aria-pressed', 'false');
    });
    expect(within(item(FRIDGE)).getByLabelText('コメント')).toHaveValue('');
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
    expect(server.calls(`GET ${SHEET}`).length).toBeGreaterThan(reads);
    expect(getFormChanged()).toBeNull();
    expect(draftKeys()).toEqual([]);
  });

  it('restores nothing on a sheet submitted meanwhile, and drops what was kept', async () => {
    expiringServer({ after: answeredSheet({ version: 4, submitted: true, submittedAt: '2026-11-22T01:30:00Z' }) });
    const user = setupUser();
    renderApp('/home/check/4');
    await answerAndExpire(user);
    expect(draftKeys()).toEqual([KEY]);

    await signIn(user);
    expect(await screen.findByText('2026/11/22 10:30に提出済みです。回答は変更できません。')).toBeInTheDocument();
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
    expect(choice(FLOOR, '○')).toHaveAttribute('aria-pressed', 'true');
    expect(draftKeys()).toEqual([]);
    expect(getFormChanged()).toBeNull();
  });

  it('offers nothing to another user signing in on the tab', async () => {
    expiringServer({ second: { ...storeStaff, userId: 9, userAccount: 'store002' } });
    const user = setupUser();
    renderApp('/home/check/4');
    await answerAndExpire(user);
    await signIn(user, 'store002');
    expect(await screen.findByRole('region', { name: FLOOR })).toBeInTheDocument();
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
    expect(choice(FLOOR, '×')).toHaveAttribute('aria-pressed', 'false');
    expect(draftKeys()).toEqual([]);
  });

  it('keeps nothing when nothing was changed', async () => {
    expiringServer();
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: FLOOR });
    await user.click(screen.getByRole('button', { name: '下書き保存' }));
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    expect(draftKeys()).toEqual([]);
  });
});
