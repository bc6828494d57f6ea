import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getFormChanged } from '@/lib/session/formChanged';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { NOT_FOUND_HINT } from '@/shared/feedback/texts';
import { masterRoutes, page, setupUser, shinjuku, shinjukuDetail, storeStaff, allowSlowScreens } from '../testing';

allowSlowScreens();

const SAVE = /^保\s*存$/;

describe('store form', { timeout: 60_000 }, () => {
  it('shows the store with the organization\'s labels and its terminals, and saves with the version read', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/facility/11': { data: shinjukuDetail },
        'PUT /api/facility/11': { data: null, message: '保存しました。' },
        'GET /api/facility': { data: page([shinjuku]) },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/facility/11');
    const name = await screen.findByLabelText('店舗名');
    expect(name).toHaveValue('新宿駅前店');
    expect(screen.getByLabelText('店舗コード')).toHaveValue('S001');
    expect(screen.getByLabelText('POS連携データ')).toHaveValue('POS-1');
    expect(within(screen.getByLabelText('端末一覧')).getByText('TERM-001')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, '新宿東口店');
    expect(getFormChanged()).toBe(true);
    await user.click(screen.getByRole('button', { name: SAVE }));

    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const put = server.calls('PUT /api/facility/11')[0];
    expect(await put?.json()).toEqual({
      groupId: 5,
      facilityName: '新宿東口店',
      facilityNameKana: 'シンジュクエキマエテン',
      managerName: '田中 一郎',
      address: '東京都新宿区西新宿1-1-1',
      tel: '03-1234-0001',
      externalDataId: 'S001',
      externalDataValue: 'POS-1',
      availableAdvancedReport: true,
      availableSurvey: true,
      attributeIdList: [1],
      version: 7,
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/facility/');
    });
    expect(getFormChanged()).toBeNull();
  });

  it('shows the checks of docs/product/validation.md before sending anything', async () => {
    const server = stubServer(masterRoutes());
    const user = setupUser();
    renderApp('/home/facility/add');
    await screen.findByLabelText('店舗名');
    await user.type(screen.getByLabelText('店舗名カナ'), 'ア'.repeat(51));
    await user.type(screen.getByLabelText('電話番号'), 'abc');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('グループは必須です')).toBeInTheDocument();
    expect(await screen.findByText('店舗名は必須です')).toBeInTheDocument();
    expect(await screen.findByText('店舗名カナは50文字以内です。')).toBeInTheDocument();
    expect(await screen.findByText('電話番号の形式で入力してください')).toBeInTheDocument();
    expect(await screen.findByText('不正な入力値があります。各入力項目を確認してください。')).toBeInTheDocument();
    expect(server.calls('POST /api/facility')).toHaveLength(0);
  });

  it('puts the server\'s field errors under their fields', async () => {
    stubServer(
      masterRoutes({
        'GET /api/facility/11': { data: shinjukuDetail },
        'PUT /api/facility/11': {
          status: 400,
          message: '不正な入力値があります。各入力項目を確認してください。',
          data: { fieldErrors: { externalDataId: 'この店舗コードはすでに使われています。' } },
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/facility/11');
    await screen.findByLabelText('店舗名');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('この店舗コードはすでに使われています。')).toBeInTheDocument();
    expect(screen.getByLabelText('店舗コード').closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
  });

  it('offers a reload after a version conflict, which reads the store again', async () => {
    let reads = 0;
    const server = stubServer(
      masterRoutes({
        'GET /api/facility/11': () => {
          reads += 1;
          return { data: reads === 1 ? shinjukuDetail : { ...shinjukuDetail, facilityName: '新宿本店', version: 8 } };
        },
        'PUT /api/facility/11': { status: 409, message: 'ほかのユーザーが先に更新しました。再読み込みしてください。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/facility/11');
    const name = await screen.findByLabelText('店舗名');
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(
      await screen.findByText('ほかのユーザーが先に更新しました。再読み込みしてください。(エラーコード:409)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /再読み込み/ }));
    await waitFor(() => {
      expect(screen.getByLabelText('店舗名')).toHaveValue('新宿本店');
    });
    expect(getFormChanged()).toBeNull();
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => {
      expect(server.calls('PUT /api/facility/11')).toHaveLength(2);
    });
    const second = (await server.calls('PUT /api/facility/11')[1]?.json()) as { version: number };
    expect(second.version).toBe(8);
  });

  it('is read-only without ROLE_FACILITY_EDIT', async () => {
    stubServer(masterRoutes({ 'GET /api/facility/11': { data: shinjukuDetail } }, storeStaff));
    renderApp('/home/facility/11');
    expect(await screen.findByLabelText('店舗名')).toBeDisabled();
    expect(screen.queryByRole('button', { name: SAVE })).not.toBeInTheDocument();
    expect(screen.getByText('店舗を編集する権限がないため、表示のみです。')).toBeInTheDocument();
  });

  it('says a store that is not there is not found, with the way back to the list instead of a reload', async () => {
    sessionStorage.setItem('rouder_searchState.Facility', JSON.stringify({ facilityName: '新宿', page: 2 }));
    stubServer(masterRoutes({ 'GET /api/facility/99': { status: 404, message: '対象のデータが見つかりません。' } }));
    renderApp('/home/facility/99');
    expect(await screen.findByText('対象のデータが見つかりません。')).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_HINT)).toBeInTheDocument();
    const back = screen.getByRole('link', { name: '一覧に戻る' });
    expect(back.getAttribute('href')).toMatch(/^\/home\/facility\/\?/);
    expect(new URL(back.getAttribute('href') ?? '', 'http://x').searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: '再読み込み' })).not.toBeInTheDocument();
  });

  it('keeps the reload for a store that could not be read for another reason', async () => {
    // A 4xx, which is not tried again by itself (a 5xx is, for seconds, before it shows).
    stubServer(masterRoutes({ 'GET /api/facility/99': { status: 429, message: 'リクエストが多すぎます。しばらくしてから再度お試しください。' } }));
    renderApp('/home/facility/99');
    expect(await screen.findByText('リクエストが多すぎます。しばらくしてから再度お試しください。(エラーコード:429)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '一覧に戻る' })).not.toBeInTheDocument();
  });
});
