import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, masterRoutes, setupUser } from '@/features/masters/testing';
import { getFormChanged } from '@/lib/session/formChanged';
import { sentBody, stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { defaults, editorRoutes, hygiene } from './testing';
import type { CheckListMasterInput } from './types';

allowSlowScreens();

const SAVE = /^保\s*存$/;

const sentInput = (request: Request | undefined) => sentBody<CheckListMasterInput & { version?: number }>(request);

// Role queries walk antd's whole DOM with computed styles, which takes minutes in jsdom on a form
// this size: the tests find things by their labels instead.
const group = (name: string) => screen.getByLabelText(name);
const questions = () =>
  Array.from(document.querySelectorAll<HTMLTextAreaElement>('textarea[id$="_question"]')).map((box) => box.value);
const button = (name: string) => screen.getByLabelText(name);
const choiceNames = (scale: string) =>
  Array.from(group(scale).querySelectorAll<HTMLInputElement>('input[aria-label$="の名前"]')).map((box) => box.value);
/** Waits for a message (antd re-renders the error list while each field's check settles). */
const shows = (text: string) =>
  waitFor(() => {
    expect(screen.getByText(text)).toBeInTheDocument();
  });

describe('check-list editor', { timeout: 60_000 }, () => {
  it('starts from the server\'s defaults with one category and the ○/△/× scale, and creates the list', async () => {
    const server = stubServer(
      masterRoutes({
        ...editorRoutes,
        'GET /api/check_list_master/defaults': { data: defaults },
        'POST /api/check_list_master': { data: { checkListMasterId: 9 }, message: '保存しました。' },
        'GET /api/check_list_master': { data: { items: [], total: 0, page: 1, size: 10 } },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/check_list_master/add');
    const name = await screen.findByLabelText('チェックリスト名');
    expect(screen.getByLabelText('開始日')).toHaveValue('2026/05/01');
    expect(screen.getByLabelText('終了日')).toHaveValue('2026/05/31');
    expect(screen.getByLabelText('繰り返し間隔')).toHaveValue('1');
    expect(screen.getByText('か月ごと')).toBeInTheDocument();
    const scale = within(group('カテゴリ1 項目1の選択肢'));
    expect(scale.getByLabelText('カテゴリ1 項目1の選択肢 1の名前')).toHaveValue('○');
    expect(scale.getByLabelText('カテゴリ1 項目1の選択肢 3を不良とする')).toBeChecked();
    expect(await screen.findByText('対象店舗: 0店舗 / 全3店舗')).toBeInTheDocument();

    await user.type(name, '朝の開店チェック');
    await user.type(screen.getByLabelText('カテゴリ1の名前'), '開店前');
    await user.type(screen.getByLabelText('カテゴリ1 項目1の質問'), '照明は点いているか');
    await user.click(screen.getByText('全3店舗を追加'));
    expect(screen.getByText('対象店舗: 3店舗 / 全3店舗')).toBeInTheDocument();
    expect(getFormChanged()).toBe(true);
    await user.click(screen.getByText(SAVE));

    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const body = await sentInput(server.calls('POST /api/check_list_master')[0]);
    expect(body).toEqual({
      checkListMasterName: '朝の開店チェック',
      fromDate: '2026-05-01',
      toDate: '2026-05-31',
      nextInterval: 1,
      nextDuration: 'MONTHS',
      startNotificationTime: '',
      reminderNotificationTime: '',
      reminderDaysBefore: 0,
      availableImprovement: false,
      improvementReminderNotificationTime: '',
      improvementReminderDaysBefore: 0,
      closingDayRule: 'BEFORE',
      businessDays: false,
      targetFacilityList: [11, 12, 13],
      targetUserList: [],
      categoryList: [
        {
          categoryId: 0,
          categoryName: '開店前',
          itemList: [
            {
              itemId: 0,
              question: '照明は点いているか',
              explanation: '',
              choiceList: [
                { label: '○', score: 2, bad: false },
                { label: '△', score: 1, bad: true },
                { label: '×', score: 0, bad: true },
              ],
              photoRequired: false,
              inapplicableAllowed: false,
            },
          ],
        },
      ],
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/check_list_master/');
    });
    expect(getFormChanged()).toBeNull();
  });

  it('says what is missing before sending anything', async () => {
    const server = stubServer(
      masterRoutes({ ...editorRoutes, 'GET /api/check_list_master/defaults': { data: defaults } }),
    );
    const user = setupUser();
    renderApp('/home/check_list_master/add');
    await screen.findByLabelText('チェックリスト名');
    await user.type(screen.getByLabelText('チェックリスト名'), 'あ'.repeat(101));
    await user.clear(screen.getByLabelText('繰り返し間隔'));
    const choiceName = screen.getByLabelText('カテゴリ1 項目1の選択肢 2の名前');
    await user.clear(choiceName);
    await user.type(choiceName, '○');
    await user.click(screen.getByText(SAVE));
    await shows('チェックリスト名は100文字以内です。');
    await shows('繰り返し間隔は必須です');
    await shows('カテゴリ名は必須です');
    await shows('質問は必須です');
    await shows('選択肢は2〜10個の異なる名前にしてください。');
    await shows('不正な入力値があります。各入力項目を確認してください。');

    // A category without items, and no category at all.
    await user.click(button('カテゴリ1 項目1を削除'));
    await user.click((await screen.findAllByText(/^削\s*除$/)).at(-1) as HTMLElement);
    await user.click(screen.getByText(SAVE));
    await shows('項目を1つ以上追加してください。');
    await user.click(button('カテゴリ1を削除'));
    const confirms = await screen.findAllByText(/^削\s*除$/);
    await user.click(confirms.at(-1) as HTMLElement);
    await user.click(screen.getByText(SAVE));
    await shows('カテゴリを1つ以上追加してください。');
    expect(server.calls('POST /api/check_list_master')).toHaveLength(0);
  });

  it('waits for the input to be mended when the server refuses the preview\'s input', async () => {
    stubServer(
      masterRoutes({
        ...editorRoutes,
        'GET /api/check_list_master/5': { data: hygiene },
        'POST /api/check_list_master/notification_preview': {
          status: 400,
          message: '不正な入力値があります。各入力項目を確認してください。',
          data: { fieldErrors: { nextInterval: '繰り返し間隔は1〜365で入力してください。' } },
        },
      }),
    );
    renderApp('/home/check_list_master/5');
    expect(await screen.findByText('入力内容を直すと、次の通知の日時がここに出ます。')).toBeInTheDocument();
    expect(screen.queryByText('次の通知の日時を計算できませんでした。')).not.toBeInTheDocument();
  });

  it('reorders items and categories with the buttons and sends every id back', async () => {
    const server = stubServer(
      masterRoutes({
        ...editorRoutes,
        'GET /api/check_list_master/5': { data: hygiene },
        'PUT /api/check_list_master/5': { data: null, message: '保存しました。' },
        'GET /api/check_list_master': { data: { items: [], total: 0, page: 1, size: 10 } },
        'POST /api/check_list_master/notification_preview': {
          data: [
            { kind: 'CHECK_START', label: 'チェック開始', date: '2026-06-01T00:00:00Z', fromDate: '2026-06-01', toDate: '2026-06-30' },
            { kind: 'CHECK_REMINDER', label: 'チェックリマインド', date: '2026-06-26T09:30:00Z', fromDate: '2026-06-01', toDate: '2026-06-30' },
          ],
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/check_list_master/5');
    expect(await screen.findByLabelText('チェックリスト名')).toHaveValue('月次 店舗衛生点検');
    // The next notices as the list stands, in Tokyo time, asked of the server with its rules.
    const preview = await screen.findByRole('region', { name: '次の通知' });
    expect(within(preview).getByText('2026/06/01(月) 09:00')).toBeInTheDocument();
    expect(within(preview).getByText('2026/06/26(金) 18:30')).toBeInTheDocument();
    const asked = await sentInput(server.calls('POST /api/check_list_master/notification_preview')[0]);
    expect(asked).toMatchObject({ startNotificationTime: '09:00', reminderNotificationTime: '18:30', closingDayRule: 'BEFORE', businessDays: false });
    expect(screen.getByText('2カテゴリ・3項目')).toBeInTheDocument();
    expect(questions()).toEqual(['床は清潔か', 'トイレは清潔か', '看板は点灯しているか']);
    expect(button('カテゴリ1 項目1を上へ移動')).toBeDisabled();

    await user.click(button('カテゴリ1 項目1を下へ移動'));
    expect(questions()).toEqual(['トイレは清潔か', '床は清潔か', '看板は点灯しているか']);
    expect(getFormChanged()).toBe(true);
    await user.click(button('カテゴリ2を上へ移動'));
    expect(questions()).toEqual(['看板は点灯しているか', 'トイレは清潔か', '床は清潔か']);
    expect(screen.getByLabelText('カテゴリ1の名前')).toHaveValue('店外');

    await user.click(screen.getByText(SAVE));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const body = await sentInput(server.calls('PUT /api/check_list_master/5')[0]);
    expect(body.version).toBe(4);
    expect(body.startNotificationTime).toBe('09:00');
    expect(body.reminderNotificationTime).toBe('18:30');
    expect(body.targetFacilityList).toEqual([11, 12]);
    expect(body.categoryList.map((category) => [category.categoryId, category.itemList.map((item) => item.itemId)])).toEqual([
      [22, [103]],
      [21, [102, 101]],
    ]);
    expect(body.categoryList[1]?.itemList[1]).toMatchObject({ question: '床は清潔か', photoRequired: true });
  });

  it('switches a scale to 1〜5 and to choices of one\'s own', async () => {
    const server = stubServer(
      masterRoutes({
        ...editorRoutes,
        'GET /api/check_list_master/5': { data: hygiene },
        'PUT /api/check_list_master/5': { data: null, message: '保存しました。' },
        'GET /api/check_list_master': { data: { items: [], total: 0, page: 1, size: 10 } },
      }),
    );
    const user = setupUser();
    renderApp('/home/check_list_master/5');
    await screen.findByLabelText('チェックリスト名');
    const first = within(group('カテゴリ1 項目1の選択肢'));
    await user.click(first.getByText('1〜5'));
    expect(choiceNames('カテゴリ1 項目1の選択肢')).toEqual(['1', '2', '3', '4', '5']);

    const second = within(group('カテゴリ1 項目2の選択肢'));
    await user.click(second.getByText('選択肢を追加'));
    await user.type(second.getByLabelText('カテゴリ1 項目2の選択肢 4の名前'), '未実施');
    await user.click(second.getByLabelText('カテゴリ1 項目2の選択肢 4を不良とする'));
    expect(second.getByText('カスタム').closest('.ant-segmented-item')).toHaveClass('ant-segmented-item-selected');

    await user.click(screen.getByText(SAVE));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const body = await sentInput(server.calls('PUT /api/check_list_master/5')[0]);
    expect(body.categoryList[0]?.itemList[0]?.choiceList).toEqual([
      { label: '1', score: 1, bad: true },
      { label: '2', score: 2, bad: true },
      { label: '3', score: 3, bad: false },
      { label: '4', score: 4, bad: false },
      { label: '5', score: 5, bad: false },
    ]);
    expect(body.categoryList[0]?.itemList[1]?.choiceList.at(-1)).toEqual({ label: '未実施', score: 0, bad: true });
  });

  it('targets the stores of a group (with its subtree) and drops them again', async () => {
    stubServer(masterRoutes({ ...editorRoutes, 'GET /api/check_list_master/5': { data: hygiene } }));
    const user = setupUser();
    renderApp('/home/check_list_master/5');
    expect(await screen.findByText('対象店舗: 2店舗 / 全3店舗')).toBeInTheDocument();
    const picker = screen.getByLabelText('対象店舗をグループで絞り込み');
    await user.click(picker);
    await user.click(await screen.findByTitle('東日本エリア'));
    // 東日本エリア holds 関東 (新宿, 渋谷: already targeted) and 東北 (仙台).
    await user.click(screen.getByText('絞り込んだ3店舗を追加'));
    expect(screen.getByText('対象店舗: 3店舗 / 全3店舗')).toBeInTheDocument();
    await user.click(screen.getByText('絞り込んだ店舗を外す'));
    expect(screen.getByText('対象店舗: 0店舗 / 全3店舗')).toBeInTheDocument();
  });

  it('shows the server\'s message about the categories above them, and offers a reload on a conflict', async () => {
    let reads = 0;
    const server = stubServer(
      masterRoutes({
        ...editorRoutes,
        'GET /api/check_list_master/5': () => {
          reads += 1;
          return { data: reads === 1 ? hygiene : { ...hygiene, checkListMasterName: '月次 衛生点検(改)', version: 5 } };
        },
        'PUT /api/check_list_master/5': () =>
          server.calls('PUT /api/check_list_master/5').length === 1
            ? {
                status: 400,
                message: '不正な入力値があります。各入力項目を確認してください。',
                data: { fieldErrors: { categoryList: 'このチェックリストにない項目が含まれています。' } },
              }
            : { status: 409, message: 'ほかのユーザーが先に更新しました。再読み込みしてください。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/check_list_master/5');
    await screen.findByLabelText('チェックリスト名');
    await user.click(screen.getByText(SAVE));
    expect(await screen.findByText('このチェックリストにない項目が含まれています。')).toBeInTheDocument();

    await user.click(screen.getByText(SAVE));
    expect(
      await screen.findByText('ほかのユーザーが先に更新しました。再読み込みしてください。(エラーコード:409)'),
    ).toBeInTheDocument();
    await user.click(screen.getByText('再読み込み'));
    await waitFor(() => {
      expect(screen.getByLabelText('チェックリスト名')).toHaveValue('月次 衛生点検(改)');
    });
  });
});
