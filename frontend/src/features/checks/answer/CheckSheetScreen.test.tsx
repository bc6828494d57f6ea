import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens, setupUser } from '@/features/masters/testing';
import { getFormChanged } from '@/lib/session/formChanged';
import { sentBody, stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { CheckSheetSave } from './testTypes';
import {
  answeredSheet,
  answerRoutes,
  FLOOR,
  FRIDGE,
  hygieneSheet,
  pngFile,
  stubUploads,
  TODAY,
  TOILET,
} from './testing';

allowSlowScreens();

const SHEET = '/api/check/sheet/4';
const photo = (photoId: number) => ({
  photoId,
  url: `/api/photo/${photoId}`,
  thumbnailUrl: `/api/photo/${photoId}/thumbnail`,
  width: 640,
  height: 480,
});

const item = (question: string) => screen.getByRole('region', { name: question });
const choice = (question: string, label: string) => within(item(question)).getByRole('button', { name: label });

const savedSheet = (server: ReturnType<typeof stubServer>, index = 0) => sentBody<CheckSheetSave>(server.calls(`PUT ${SHEET}`)[index]);

describe('check sheet (store side)', { timeout: 60_000 }, () => {
  it('shows the items by category with their choices, marks and the progress', async () => {
    stubServer(answerRoutes({ [`GET ${SHEET}`]: { data: hygieneSheet } }));
    const user = setupUser();
    renderApp('/home/check/4');

    expect(await screen.findByRole('heading', { name: '月次 店舗衛生点検' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '店内清掃' })).toContainElement(item(FLOOR));
    expect(screen.getByRole('region', { name: '厨房・バックヤード' })).toContainElement(item(FRIDGE));
    expect(within(item(FLOOR)).getByText('客席・通路・レジ周りを確認')).toBeInTheDocument();
    expect(screen.getByText('回答 0 / 3')).toBeInTheDocument();

    // The photo-required item says so; the others do not. Only it may be inapplicable.
    expect(within(item(TOILET)).getByText('写真必須')).toBeInTheDocument();
    expect(within(item(FLOOR)).queryByText('写真必須')).not.toBeInTheDocument();
    expect(within(item(TOILET)).getByRole('switch', { name: '該当なし' })).toBeInTheDocument();
    expect(within(item(FLOOR)).queryByRole('switch', { name: '該当なし' })).not.toBeInTheDocument();

    // Choosing marks the choice, counts it and sets the unsaved flag; choosing it again takes it back.
    expect(within(item(FLOOR)).getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual(['○', '△', '×']);
    await user.click(choice(FLOOR, '△'));
    expect(choice(FLOOR, '△')).toHaveAttribute('aria-pressed', 'true');
    expect(choice(FLOOR, '○')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('回答 1 / 3')).toBeInTheDocument();
    expect(getFormChanged()).toBe(true);
    await user.click(choice(FLOOR, '△'));
    expect(choice(FLOOR, '△')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('回答 0 / 3')).toBeInTheDocument();
  });

  it('marks an item inapplicable (its choices off) and saves a draft with the version read', async () => {
    let reads = 0;
    const server = stubServer(
      answerRoutes({
        [`GET ${SHEET}`]: () => {
          reads += 1;
          return { data: reads === 1 ? hygieneSheet : { ...hygieneSheet, version: 1 } };
        },
        [`PUT ${SHEET}`]: { data: null, message: '下書きを保存しました。' },
        'GET /api/check/open': { data: [] },
      }),
    );
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });

    await user.click(choice(TOILET, '×'));
    await user.click(within(item(TOILET)).getByRole('switch', { name: '該当なし' }));
    expect(choice(TOILET, '×')).toBeDisabled();
    expect(choice(TOILET, '×')).toHaveAttribute('aria-pressed', 'false');
    await user.click(choice(FLOOR, '○'));
    await user.type(within(item(FLOOR)).getByLabelText('コメント'), 'レジ下に段ボール');
    expect(screen.getByText('回答 2 / 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '下書き保存' }));
    expect(await screen.findByText('下書きを保存しました。')).toBeInTheDocument();
    expect(await savedSheet(server)).toEqual({
      version: 0,
      submit: false,
      answerList: [
        { itemId: 1, choice: '○', comment: 'レジ下に段ボール', inapplicable: false, photoIdList: [], inputDate: TODAY },
        { itemId: 2, choice: '', comment: '', inapplicable: true, photoIdList: [], inputDate: TODAY },
      ],
    });
    // The sheet is read again (its new version) and nothing is left unsaved.
    await waitFor(() => {
      expect(reads).toBe(2);
    });
    expect(getFormChanged()).toBeNull();
  });

  it('takes photos with the camera only, shows the upload, the thumbnail, and removes it', async () => {
    let answerUpload: (() => void) | undefined;
    const server = stubServer(
      answerRoutes({
        [`GET ${SHEET}`]: { data: hygieneSheet },
        'POST /api/photo': () =>
          new Promise((resolve) => {
            answerUpload = () => {
              resolve({ data: photo(41) });
            };
          }),
        [`PUT ${SHEET}`]: { data: null, message: '下書きを保存しました。' },
      }),
    );
    const uploads = stubUploads();
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });

    // allowPhotoLibrary false: the file input asks for the camera.
    const input = within(item(TOILET)).getByLabelText(`${TOILET}の写真を撮る`);
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).not.toHaveAttribute('multiple');

    await user.upload(input, pngFile());
    const progress = await within(item(TOILET)).findByRole('listitem', { name: 'toilet.pngをアップロード中' });
    expect(within(progress).getByText('50%')).toBeInTheDocument();
    // Saving waits for the upload.
    expect(screen.getByRole('button', { name: '下書き保存' })).toBeDisabled();
    answerUpload?.();

    const thumbnail = await within(item(TOILET)).findByRole('img', { name: '写真1' });
    expect(thumbnail).toHaveAttribute('src', '/api/photo/41/thumbnail?ORG_ID=2');
    expect(uploads.sent[0]?.get('file')).toBeInstanceOf(File);
    expect(server.calls('POST /api/photo')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '下書き保存' }));
    await screen.findByText('下書きを保存しました。');
    expect((await savedSheet(server)).answerList).toEqual([
      { itemId: 2, choice: '', comment: '', inapplicable: false, photoIdList: [41], inputDate: TODAY },
    ]);

    await user.click(within(item(TOILET)).getByRole('button', { name: '写真1を削除' }));
    expect(within(item(TOILET)).queryByRole('img', { name: '写真1' })).not.toBeInTheDocument();
  });

  it('offers the photo library when the organization allows it', async () => {
    stubServer(answerRoutes({ [`GET ${SHEET}`]: { data: hygieneSheet } }, { allowPhotoLibrary: true }));
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });
    const input = within(item(TOILET)).getByLabelText(`${TOILET}の写真を追加`);
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).not.toHaveAttribute('capture');
    expect(input).toHaveAttribute('multiple');
  });

  it('shows the server\'s reason for a refused upload, and refuses too large a file itself', async () => {
    const server = stubServer(
      answerRoutes({
        [`GET ${SHEET}`]: { data: hygieneSheet },
        'POST /api/photo': {
          status: 400,
          message: 'HEIC形式の写真には対応していません。カメラの設定で「互換性優先」(JPEG)にするか、JPEG/PNGで選び直してください。',
        },
      }),
    );
    stubUploads();
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });
    const input = within(item(TOILET)).getByLabelText(`${TOILET}の写真を撮る`);

    await user.upload(input, pngFile('IMG_0001.png'));
    expect(
      await within(item(TOILET)).findByText(
        'IMG_0001.png: HEIC形式の写真には対応していません。カメラの設定で「互換性優先」(JPEG)にするか、JPEG/PNGで選び直してください。',
      ),
    ).toBeInTheDocument();
    expect(within(item(TOILET)).queryByRole('img', { name: '写真1' })).not.toBeInTheDocument();

    await user.upload(input, pngFile('huge.png', 10 * 1024 * 1024 + 1));
    expect(await within(item(TOILET)).findByText('huge.png: 写真は10MB以下にしてください。')).toBeInTheDocument();
    expect(server.calls('POST /api/photo')).toHaveLength(1);
  });

  it('marks what is not answered yet at once, in the server\'s words, without asking or sending', async () => {
    const server = stubServer(answerRoutes({ [`GET ${SHEET}`]: { data: hygieneSheet } }));
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });
    await user.click(choice(FLOOR, '○'));
    await user.click(choice(TOILET, '○'));

    await user.click(screen.getByRole('button', { name: '提出' }));
    expect(
      await screen.findByText('未回答の項目があります。すべての項目に回答してから提出してください。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls(`PUT ${SHEET}`)).toHaveLength(0);
    expect(within(item(TOILET)).getByRole('alert')).toHaveTextContent('写真が必要です。');
    expect(within(item(FRIDGE)).getByRole('alert')).toHaveTextContent('未回答です。');
    expect(within(item(FLOOR)).queryByRole('alert')).not.toBeInTheDocument();
    // Still unsaved and editable; a comment alone does not answer an item, answering it takes its mark away.
    expect(getFormChanged()).toBe(true);
    await user.type(within(item(FRIDGE)).getByRole('textbox', { name: 'コメント' }), '扉の調子が悪い');
    expect(within(item(FRIDGE)).getByRole('alert')).toHaveTextContent('未回答です。');
    await user.click(choice(FRIDGE, '○'));
    expect(within(item(FRIDGE)).queryByRole('alert')).not.toBeInTheDocument();
    // Choosing 該当なし completes the item that lacked its photo, and the sheet's message goes with the last mark.
    await user.click(within(item(TOILET)).getByRole('switch', { name: '該当なし' }));
    expect(within(item(TOILET)).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('未回答の項目があります。すべての項目に回答してから提出してください。')).not.toBeInTheDocument();
  });

  it('submits after confirmation; the server\'s refusal names the items, which are marked', async () => {
    const server = stubServer(
      answerRoutes({
        [`GET ${SHEET}`]: { data: answeredSheet() },
        [`PUT ${SHEET}`]: {
          status: 400,
          message: '未回答の項目があります。すべての項目に回答してから提出してください。',
          data: { fieldErrors: { item2: '写真が必要です。' } },
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });

    await user.click(screen.getByRole('button', { name: '提出' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('提出しますか？');
    expect(dialog).toHaveTextContent('提出すると回答は変更できなくなります。');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(server.calls(`PUT ${SHEET}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '提出' }));
    await user.click(await screen.findByRole('button', { name: '提出する' }));
    expect(
      await screen.findByText('未回答の項目があります。すべての項目に回答してから提出してください。'),
    ).toBeInTheDocument();
    expect((await savedSheet(server)).submit).toBe(true);
    expect(within(item(TOILET)).getByRole('alert')).toHaveTextContent('写真が必要です。');
    expect(within(item(FRIDGE)).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('brings the first refused item into view in the sheet\'s order, not the ids\'', async () => {
    const scrolled: string[] = [];
    const jsdomOwn = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    const [cleaning, kitchen] = answeredSheet().categoryList;
    if (!cleaning || !kitchen) throw new Error('fixture');
    stubServer(
      answerRoutes({
        // The kitchen (item 3) listed before the cleaning (items 1 and 2).
        [`GET ${SHEET}`]: { data: answeredSheet({ categoryList: [kitchen, cleaning] }) },
        [`PUT ${SHEET}`]: {
          status: 400,
          message: '未回答の項目があります。すべての項目に回答してから提出してください。',
          data: { fieldErrors: { item1: '未回答です。', item3: '未回答です。' } },
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });
    await user.click(screen.getByRole('button', { name: '提出' }));
    await user.click(await screen.findByRole('button', { name: '提出する' }));
    await waitFor(() => {
      expect(scrolled).toEqual(['item-3']);
    });
    if (jsdomOwn) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomOwn);
    else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('after submitting, the sheet is read-only', async () => {
    let reads = 0;
    const server = stubServer(
      answerRoutes({
        [`GET ${SHEET}`]: () => {
          reads += 1;
          return {
            data:
              reads === 1
                ? answeredSheet()
                : answeredSheet({ version: 4, submitted: true, submittedAt: '2026-11-22T01:30:00Z' }),
          };
        },
        [`PUT ${SHEET}`]: { data: null, message: '提出しました。' },
        'GET /api/check/open': { data: [] },
      }),
    );
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });
    expect(screen.getByText('回答 3 / 3')).toBeInTheDocument();
    expect(choice(FRIDGE, '△')).toHaveAttribute('aria-pressed', 'true');
    expect(within(item(TOILET)).getByRole('img', { name: '写真1' })).toHaveAttribute('src', '/api/photo/31/thumbnail?ORG_ID=2');

    await user.click(screen.getByRole('button', { name: '提出' }));
    await user.click(await screen.findByRole('button', { name: '提出する' }));
    expect(await screen.findByText('2026/11/22 10:30に提出済みです。回答は変更できません。')).toBeInTheDocument();
    expect(await savedSheet(server)).toMatchObject({ version: 3, submit: true });

    expect(screen.queryByRole('button', { name: '提出' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下書き保存' })).not.toBeInTheDocument();
    expect(choice(FLOOR, '○')).toBeDisabled();
    expect(within(item(FLOOR)).getByLabelText('コメント')).toBeDisabled();
    expect(within(item(TOILET)).queryByRole('button', { name: '写真1を削除' })).not.toBeInTheDocument();
    expect(within(item(TOILET)).queryByLabelText(`${TOILET}の写真を撮る`)).not.toBeInTheDocument();
    expect(getFormChanged()).toBeNull();
  });

  it('offers a reload when another device saved the sheet meanwhile', async () => {
    let reads = 0;
    stubServer(
      answerRoutes({
        [`GET ${SHEET}`]: () => {
          reads += 1;
          return { data: reads === 1 ? hygieneSheet : answeredSheet() };
        },
        [`PUT ${SHEET}`]: { status: 409, message: 'ほかのユーザーが先に更新しました。再読み込みしてください。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/check/4');
    await screen.findByRole('region', { name: TOILET });
    await user.click(choice(FLOOR, '×'));
    await user.click(screen.getByRole('button', { name: '下書き保存' }));
    expect(
      await screen.findByText('ほかのユーザーが先に更新しました。再読み込みしてください。(エラーコード:409)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /再読み込み/ }));
    await waitFor(() => {
      expect(choice(FLOOR, '○')).toHaveAttribute('aria-pressed', 'true');
    });
    expect(getFormChanged()).toBeNull();
  });

  it('shows a sheet the user may not answer as the server\'s message', async () => {
    stubServer(answerRoutes({ [`GET ${SHEET}`]: { status: 422, message: 'この店舗はこのチェックの対象ではありません。' } }));
    renderApp('/home/check/4');
    expect(await screen.findByText('この店舗はこのチェックの対象ではありません。(エラーコード:422)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '一覧に戻る' })).toHaveAttribute('href', '/home/check/');
  });
});
