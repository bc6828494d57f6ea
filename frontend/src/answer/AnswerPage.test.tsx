import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicAnswer, PublicSurvey } from './api';
import { previewFromSearch, surveyKeyFromPath } from './api';
import { AnswerPage } from './AnswerPage';

const KEY = 'key-abc';

function survey(overrides: Partial<PublicSurvey> = {}): PublicSurvey {
  return {
    status: 'OPEN',
    message: '',
    facilityName: '新宿駅前店',
    surveyTitle: '来店アンケート',
    surveyDescription: 'ご来店ありがとうございます。',
    termsOfService: '回答は統計的に処理します。',
    iconData: '',
    iconMediaType: '',
    categoryList: [
      {
        categoryType: 'NPS',
        categoryName: 'おすすめ度',
        questionList: [{ questionId: 1, questionType: 'NPS', text: 'おすすめしますか', required: true, choiceList: [] }],
      },
      {
        categoryType: 'NORMAL',
        categoryName: '店舗について',
        questionList: [
          { questionId: 2, questionType: 'SINGLE_CHOICE', text: '年代', required: true, choiceList: ['20代', '30代'] },
          { questionId: 3, questionType: 'MULTIPLE_CHOICE', text: '良かった点', required: false, choiceList: ['味', '接客'] },
          { questionId: 4, questionType: 'RATING', text: '清潔さ', required: false, choiceList: [] },
          { questionId: 5, questionType: 'FREE_TEXT', text: 'ご意見', required: false, choiceList: [] },
        ],
      },
      {
        categoryType: 'MAIL',
        categoryName: 'メール',
        questionList: [{ questionId: 6, questionType: 'MAIL', text: 'メールアドレス', required: false, choiceList: [] }],
      },
    ],
    ...overrides,
  };
}

const receipt = {
  repeated: false,
  rewardType: 'LINK',
  rewardImageData: '',
  rewardImageMediaType: '',
  rewardLinkName: 'クーポンを受け取る',
  rewardUrl: 'https://example.jp/coupon',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Stubs fetch: GET answers `page`, POSTs go through `post` in turn; returns the posted bodies. */
function stubFetch(page: Response, ...posts: Handler[]) {
  const sent: PublicAnswer[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!init?.method) return page.clone();
      sent.push(JSON.parse(init.body as string) as PublicAnswer);
      const next = posts.shift();
      if (!next) throw new Error('unexpected POST');
      return next(url, init);
    }),
  );
  return sent;
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: '9' }));
  await user.click(screen.getByRole('radio', { name: '30代' }));
  await user.click(screen.getByRole('checkbox', { name: /利用規約に同意する/ }));
}

beforeEach(() => {
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
});

describe('surveyKeyFromPath', () => {
  it('takes the whole rest of the path, decoded', () => {
    expect(surveyKeyFromPath('/home/a/Ab3%2B%3D/x_y-z')).toBe('Ab3+=/x_y-z');
    expect(surveyKeyFromPath('/home/a/')).toBeNull();
    expect(surveyKeyFromPath('/home/status/')).toBeNull();
  });
});

describe('previewFromSearch', () => {
  it('reads the survey and organization of a preview, and nothing else', () => {
    expect(previewFromSearch('?preview=7&org=2')).toEqual({ surveyId: 7, organizationId: 2 });
    expect(previewFromSearch('?preview=7')).toEqual({ surveyId: 7, organizationId: null });
    expect(previewFromSearch('')).toBeNull();
    expect(previewFromSearch('?preview=abc')).toBeNull();
    expect(previewFromSearch('?preview=-1&org=2')).toBeNull();
  });
});

describe('AnswerPage preview', () => {
  it('loads through the editors\' call, says it is a preview, and thanks without sending anything', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        fetched.push(`${init?.method ?? 'GET'} ${url}`);
        return Promise.resolve(json(200, { code: 0, message: '', data: survey({ facilityName: '' }) }));
      }),
    );
    const user = userEvent.setup();
    render(<AnswerPage surveyKey={null} preview={{ surveyId: 7, organizationId: 2 }} />);
    expect(await screen.findByRole('heading', { name: '来店アンケート' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('プレビューです。送信しても回答は保存されません。');
    await user.click(await screen.findByRole('button', { name: '回答を送信する' }));
    expect(within(screen.getByRole('group', { name: /おすすめしますか/ })).getByText('必須です')).toBeInTheDocument();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '回答を送信する' }));
    expect(await screen.findByRole('heading', { name: 'ご回答ありがとうございました' })).toBeInTheDocument();
    expect(fetched).toEqual(['GET /api/survey/7/preview?ORG_ID=2']);
  });

  it('asks an editor who is signed out to sign in first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(401, { code: 401, message: 'タイムアウトしました。再度ログインしてください。', data: null }))),
    );
    render(<AnswerPage surveyKey={null} preview={{ surveyId: 7, organizationId: 2 }} />);
    expect(await screen.findByText(/管理画面にサインインしてから/)).toBeInTheDocument();
  });
});

describe('AnswerPage', () => {
  it('shows the survey, checks required questions with the server wording, sends the answers and thanks', async () => {
    const sent = stubFetch(json(200, { code: 0, message: '', data: survey() }), () =>
      json(200, { code: 0, message: '', data: receipt }),
    );
    const user = userEvent.setup();
    render(<AnswerPage surveyKey={KEY} />);
    expect(await screen.findByRole('heading', { name: '来店アンケート' })).toBeInTheDocument();
    expect(screen.getByText('新宿駅前店')).toBeInTheDocument();
    expect(await screen.findByText('回答は統計的に処理します。')).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: /^\d+$/ }).filter((r) => r.getAttribute('name') === 'q1')).toHaveLength(11);

    await user.click(screen.getByRole('button', { name: '回答を送信する' }));
    expect(within(screen.getByRole('group', { name: /おすすめしますか/ })).getByText('必須です')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: /年代/ })).getByText('必須です')).toBeInTheDocument();
    expect(screen.getByText('利用規約への同意が必要です。')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: '接客' }));
    await user.type(screen.getByRole('textbox', { name: 'ご意見' }), '  とても良かった ');
    // Typed with the input method on: sent as the address it means.
    await user.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ');
    await user.click(screen.getByRole('button', { name: '回答を送信する' }));
    expect(screen.getByText('メールアドレスを送信するには同意が必要です。')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /お店からのご連絡に利用することに同意します/ }));
    await user.click(screen.getByRole('button', { name: '回答を送信する' }));

    expect(await screen.findByRole('heading', { name: 'ご回答ありがとうございました' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'クーポンを受け取る' })).toHaveAttribute('href', 'https://example.jp/coupon');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0]?.answerList).toEqual([
      { questionId: 1, score: 9 },
      { questionId: 2, choiceList: ['30代'] },
      { questionId: 3, choiceList: ['接客'] },
      { questionId: 5, text: 'とても良かった' },
      { questionId: 6, text: 'taro@example.jp', consent: true },
    ]);
    expect(sessionStorage.length).toBe(0);
  });

  it('counts a free text in characters as the server does: an emoji is one, and 1,000 of them fit', async () => {
    stubFetch(json(200, { code: 0, message: '', data: survey() }));
    render(<AnswerPage surveyKey={KEY} />);
    const box = await screen.findByRole('textbox', { name: 'ご意見' });
    fireEvent.change(box, { target: { value: '😀'.repeat(600) + 'あ'.repeat(10) } });
    expect(box).toHaveValue('😀'.repeat(600) + 'あ'.repeat(10));
    expect(screen.getByText('610 / 1000')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '😀'.repeat(1001) } });
    expect(box).toHaveValue('😀'.repeat(1000));
    expect(screen.getByText('1000 / 1000')).toBeInTheDocument();
  });

  it('sends the same idempotency key again after a network error, and disables the button while sending', async () => {
    let release: (response: Response) => void = () => undefined;
    const sent = stubFetch(
      json(200, { code: 0, message: '', data: survey() }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const user = userEvent.setup();
    render(<AnswerPage surveyKey={KEY} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '回答を送信する' }));
    expect(await screen.findByText(/通信できませんでした/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '回答を送信する' }));
    const busy = await screen.findByRole('button', { name: '送信中…' });
    expect(busy).toBeDisabled();
    release(json(200, { code: 0, message: '', data: { ...receipt, rewardType: 'NONE' } }));
    expect(await screen.findByRole('heading', { name: 'ご回答ありがとうございました' })).toBeInTheDocument();
    expect(screen.queryByText('特典')).not.toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
  });

  it('shows the server field errors under their questions', async () => {
    stubFetch(json(200, { code: 0, message: '', data: survey() }), () =>
      json(400, { code: 400, message: '入力内容に誤りがあります。', data: { fieldErrors: { q2: '選択肢にない回答です。ページを再読み込みしてください。' } } }),
    );
    const user = userEvent.setup();
    render(<AnswerPage surveyKey={KEY} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '回答を送信する' }));
    const group = screen.getByRole('group', { name: /年代/ });
    expect(await within(group).findByText('選択肢にない回答です。ページを再読み込みしてください。')).toBeInTheDocument();
    expect(screen.getByText('入力内容に誤りがあります。')).toBeInTheDocument();
  });

  it('shows the refusal of the server (answer limit) as its own page', async () => {
    stubFetch(json(200, { code: 0, message: '', data: survey() }), () =>
      json(422, { code: 422, message: 'このアンケートにはすでにご回答いただいています。ご協力ありがとうございました。' }),
    );
    const user = userEvent.setup();
    render(<AnswerPage surveyKey={KEY} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '回答を送信する' }));
    expect(await screen.findByRole('heading', { name: '回答できません' })).toBeInTheDocument();
    expect(screen.getByText(/すでにご回答いただいています/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '回答を送信する' })).not.toBeInTheDocument();
  });

  it.each([
    ['NOT_YET_OPEN', 'まだ回答を受け付けていません', 'このアンケートはまだ開始していません。'],
    ['CLOSED', 'このアンケートは終了しました', 'このアンケートは終了しました。ご協力ありがとうございました。'],
    ['ANSWERED', '回答済みです', 'このアンケートにはすでにご回答いただいています。ご協力ありがとうございました。'],
  ] as const)('shows a page for %s', async (status, heading, message) => {
    stubFetch(json(200, { code: 0, message: '', data: survey({ status, message, categoryList: [] }) }));
    render(<AnswerPage surveyKey={KEY} />);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '来店アンケート' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '回答を送信する' })).not.toBeInTheDocument();
  });

  it('shows the unknown-key page on 404', async () => {
    stubFetch(json(404, { code: 404, message: 'このアンケートは見つかりません。URLをご確認ください。' }));
    render(<AnswerPage surveyKey="nope" />);
    expect(await screen.findByRole('heading', { name: 'アンケートが見つかりません' })).toBeInTheDocument();
    expect(screen.getByText('このアンケートは見つかりません。URLをご確認ください。')).toBeInTheDocument();
  });

  it('brings back the thank-you screen after a lost response: the pending answer is sent again', async () => {
    const pending: PublicAnswer = { idempotencyKey: 'k'.repeat(32), answerList: [{ questionId: 1, score: 9 }] };
    sessionStorage.setItem(`rouder_survey_pending:${KEY}`, JSON.stringify(pending));
    const sent = stubFetch(json(200, { code: 0, message: '', data: survey({ status: 'ANSWERED', message: '回答済み', categoryList: [] }) }), () =>
      json(200, { code: 0, message: '', data: { ...receipt, repeated: true } }),
    );
    render(<AnswerPage surveyKey={KEY} />);
    expect(await screen.findByRole('heading', { name: 'ご回答ありがとうございました' })).toBeInTheDocument();
    expect(sent).toEqual([pending]);
    await waitFor(() => {
      expect(sessionStorage.getItem(`rouder_survey_pending:${KEY}`)).toBeNull();
    });
  });

  it('shows the answered page when the kept answer is refused, and forgets it', async () => {
    const pending: PublicAnswer = { idempotencyKey: 'k'.repeat(32), answerList: [{ questionId: 1, score: 9 }] };
    sessionStorage.setItem(`rouder_survey_pending:${KEY}`, JSON.stringify(pending));
    stubFetch(json(200, { code: 0, message: '', data: survey({ status: 'ANSWERED', message: '回答済みのメッセージ', categoryList: [] }) }), () =>
      json(422, { code: 422, message: 'すでにご回答いただいています。' }),
    );
    render(<AnswerPage surveyKey={KEY} />);
    expect(await screen.findByRole('heading', { name: '回答済みです' })).toBeInTheDocument();
    expect(screen.getByText('回答済みのメッセージ')).toBeInTheDocument();
    expect(sessionStorage.getItem(`rouder_survey_pending:${KEY}`)).toBeNull();
  });
});
