import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, masterRoutes, setupUser } from '@/features/masters/testing';
import { getFormChanged } from '@/lib/session/formChanged';
import { sentBody, stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { editorRoutes, links, surveyDefaults, visit } from './testing';
import type { SurveyInput } from './types';

allowSlowScreens();

const SAVE = /^保\s*存$/;

const sentInput = (request: Request | undefined) => sentBody<SurveyInput & { version?: number }>(request);

// Role queries walk antd's whole DOM with computed styles (slow in jsdom): find things by label.
const byLabel = (name: string) => screen.getByLabelText(name);
const questionTexts = () =>
  Array.from(document.querySelectorAll<HTMLTextAreaElement>('textarea[aria-label$="の質問文"]')).map((box) => box.value);
const shows = (text: string) =>
  waitFor(() => {
    expect(screen.getByText(text)).toBeInTheDocument();
  });

/** Puts text into a field at once (typing each character into a form this size is slow in jsdom). */
async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const listRoute = { 'GET /api/survey': { data: { items: [], total: 0, page: 1, size: 10 } } };

describe('survey editor', { timeout: 120_000 }, () => {
  it('starts from the server\'s defaults with the three fixed categories, and creates the survey', async () => {
    const server = stubServer(
      masterRoutes({
        ...editorRoutes,
        ...listRoute,
        'GET /api/survey/defaults': { data: surveyDefaults },
        'POST /api/survey': { data: { surveyId: 9 }, message: '保存しました。' },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/survey/add');
    const name = await screen.findByLabelText('アンケート名');
    expect(byLabel('開始日')).toHaveValue('2026/06/01');
    expect(byLabel('利用規約')).toHaveValue('本アンケートへのご回答にあたり、以下の事項にご同意ください。');
    expect(byLabel('カテゴリ1の名前')).toHaveValue('おすすめ度');
    expect(byLabel('カテゴリ2の名前')).toHaveValue('お客様情報');
    expect(byLabel('カテゴリ3の名前')).toHaveValue('メールアドレス');
    // The fixed categories cannot be moved nor removed; NPS and MAIL hold their one question.
    expect(screen.queryByLabelText('カテゴリ1を削除')).toBeNull();
    expect(screen.queryByLabelText('カテゴリ1に質問を追加')).toBeNull();
    expect(screen.queryByLabelText('カテゴリ3 質問1を削除')).toBeNull();
    expect(byLabel('カテゴリ2に質問を追加')).toBeInTheDocument();
    expect(await screen.findByText('対象店舗: 0店舗 / 全3店舗')).toBeInTheDocument();

    await fill(user, name, '夏のアンケート');
    await fill(user, byLabel('タイトル'), 'ご来店ありがとうございます');
    await user.click(screen.getByText('全3店舗を追加'));
    await user.click(screen.getByText('カテゴリを追加'));
    await fill(user, byLabel('カテゴリ4の名前'), 'ご意見');
    await fill(user, byLabel('カテゴリ4 質問1の質問文'), '接客はいかがでしたか');
    const choices = byLabel('カテゴリ4 質問1の選択肢');
    await user.clear(choices);
    await fill(user, choices, '良い\n普通\n\n悪い');
    await user.click(byLabel('カテゴリ4 質問1を必須にする'));
    expect(getFormChanged()).toBe(true);
    await user.click(screen.getByText(SAVE));

    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const body = await sentInput(server.calls('POST /api/survey')[0]);
    expect(body).toMatchObject({
      surveyName: '夏のアンケート',
      surveyTitle: 'ご来店ありがとうございます',
      fromDate: '2026-06-01',
      toDate: null,
      rewardType: 'NONE',
      answerLimit: 'ONCE',
      answerLimitRange: 'FACILITY',
      availableImprovement: true,
      targetFacilityList: [11, 12, 13],
    });
    expect(body).not.toHaveProperty('version');
    expect(body.categoryList.map((category) => category.categoryType)).toEqual(['NPS', 'ATTRIBUTE', 'MAIL', 'NORMAL']);
    expect(body.categoryList[0]?.questionList[0]).toMatchObject({ questionType: 'NPS', required: true, choiceList: [] });
    expect(body.categoryList[3]).toEqual({
      categoryId: 0,
      categoryType: 'NORMAL',
      categoryName: 'ご意見',
      questionList: [
        { questionId: 0, questionType: 'SINGLE_CHOICE', text: '接客はいかがでしたか', required: true, choiceList: ['良い', '普通', '悪い'] },
      ],
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/survey/');
    });
    expect(getFormChanged()).toBeNull();
  });

  it('says what is missing before sending anything', async () => {
    const server = stubServer(masterRoutes({ ...editorRoutes, 'GET /api/survey/defaults': { data: surveyDefaults } }));
    const user = setupUser();
    renderApp('/home/survey/add');
    await screen.findByLabelText('アンケート名');
    await user.click(screen.getByText('リンク'));
    await user.click(screen.getByText('カテゴリを追加'));
    await user.click(screen.getByText(SAVE));
    await shows('アンケート名は必須です');
    await shows('タイトルは必須です');
    await shows('リンク名は必須です');
    await shows('URLは必須です');
    await shows('質問文は必須です');
    expect(server.calls('POST /api/survey')).toHaveLength(0);
  });

  it('reorders further categories and questions with the buttons and sends every id back', async () => {
    const server = stubServer(
      masterRoutes({
        ...editorRoutes,
        ...listRoute,
        'GET /api/survey/7': { data: visit },
        'GET /api/survey/7/links': { data: links },
        'PUT /api/survey/7': { data: null, message: '保存しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/survey/7');
    expect(await screen.findByLabelText('アンケート名')).toHaveValue('来店アンケート');
    expect(byLabel('リンク名')).toHaveValue('クーポン');
    expect(byLabel('カテゴリ4を上へ移動')).toBeDisabled();
    expect(byLabel('カテゴリ5を下へ移動')).toBeDisabled();

    await user.click(byLabel('カテゴリ5を上へ移動'));
    expect(byLabel('カテゴリ4の名前')).toHaveValue('メニュー');
    await user.click(byLabel('カテゴリ5 質問1を下へ移動'));
    await user.click(byLabel('カテゴリ2 質問2を上へ移動'));
    expect(questionTexts().slice(1, 3)).toEqual(['性別', '年代']);
    expect(getFormChanged()).toBe(true);

    await user.click(screen.getByText(SAVE));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const body = await sentInput(server.calls('PUT /api/survey/7')[0]);
    expect(body.version).toBe(3);
    expect(body.rewardUrl).toBe('https://example.com/coupon');
    expect(body.categoryList.map((category) => [category.categoryId, category.questionList.map((question) => question.questionId)])).toEqual([
      [1, [0]],
      [2, [0, 0]],
      [3, [0]],
      [5, [51]],
      [4, [42, 41]],
    ]);
    expect(body.categoryList[1]?.questionList.map((question) => question.text)).toEqual(['性別', '年代']);
  });

  it('shows each store\'s answer link with its QR code and preview, and copies the link', async () => {
    stubServer(masterRoutes({ ...editorRoutes, 'GET /api/survey/7': { data: visit }, 'GET /api/survey/7/links': { data: links } }));
    const user = setupUser();
    renderApp('/home/survey/7');
    const table = await screen.findByLabelText('回答用リンク');
    await within(table).findByText('新宿駅前店');
    expect(within(table).getByText(`${window.location.origin}/home/a/${'k'.repeat(32)}`)).toBeInTheDocument();
    expect(within(table).getByLabelText('新宿駅前店のQRコードをダウンロード')).toHaveAttribute(
      'href',
      '/api/survey/7/links/11/qr?ORG_ID=2',
    );
    // The preview opens the answer page in preview mode, never a live link (an editor's trial
    // would be stored as a customer's answer).
    const preview = screen.getByText('プレビュー').closest('a');
    expect(preview).toHaveAttribute('href', '/home/a/?preview=7&org=2');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(within(table).queryByText('プレビュー')).not.toBeInTheDocument();

    await user.click(within(table).getByLabelText('新宿駅前店のリンクをコピー'));
    expect(await screen.findByText('リンクをコピーしました。')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/home/a/${'k'.repeat(32)}`);
  });

  it('shows the server\'s message about the categories above them, and offers a reload on a conflict', async () => {
    let reads = 0;
    const server = stubServer(
      masterRoutes({
        ...editorRoutes,
        'GET /api/survey/7/links': { data: links },
        'GET /api/survey/7': () => {
          reads += 1;
          return { data: reads === 1 ? visit : { ...visit, surveyName: '来店アンケート(改)', version: 4 } };
        },
        'PUT /api/survey/7': () =>
          server.calls('PUT /api/survey/7').length === 1
            ? {
                status: 400,
                message: '不正な入力値があります。各入力項目を確認してください。',
                data: {
                  fieldErrors: {
                    surveyTitle: 'タイトルは100文字以内です。',
                    categoryList: 'カテゴリ4の質問2の質問文は必須です',
                  },
                },
              }
            : { status: 409, message: 'ほかのユーザーが先に更新しました。再読み込みしてください。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/survey/7');
    await screen.findByLabelText('アンケート名');
    await user.click(screen.getByText(SAVE));
    expect(await screen.findByText('カテゴリ4の質問2の質問文は必須です')).toBeInTheDocument();
    expect(screen.getByText('タイトルは100文字以内です。')).toBeInTheDocument();

    await user.click(screen.getByText(SAVE));
    expect(
      await screen.findByText('ほかのユーザーが先に更新しました。再読み込みしてください。(エラーコード:409)'),
    ).toBeInTheDocument();
    await user.click(screen.getByText('再読み込み'));
    await waitFor(() => {
      expect(screen.getByLabelText('アンケート名')).toHaveValue('来店アンケート(改)');
    });
  });
});
