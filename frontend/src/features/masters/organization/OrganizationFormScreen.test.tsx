import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_ACCESS_TITLE } from '@/app/shell/noAccessTexts';
import { getFormChanged } from '@/lib/session/formChanged';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, page, setupUser } from '../testing';
import { demoCompany, organizationAdminRoutes, systemRoutes } from './testing';

allowSlowScreens();

const SAVE = /^保\s*存$/;

describe('organization form of a system administrator', { timeout: 90_000 }, () => {
  it('says what is wrong before sending anything', async () => {
    const server = stubServer(systemRoutes());
    const user = setupUser();
    renderApp('/home/organization/add');
    const name = await screen.findByLabelText('組織名');
    expect(name).toHaveValue('');
    await user.type(screen.getByLabelText('JKコード'), 'JKコード');
    await user.clear(screen.getByLabelText('主キー名'));
    const size = screen.getByLabelText('ストレージ容量');
    await user.clear(size);
    await user.type(size, '1,0a');
    await user.click(screen.getByRole('switch', { name: 'IPアドレス制限' }));
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('組織名は必須です')).toBeInTheDocument();
    expect(await screen.findByText('ASCII文字のみを入力してください。')).toBeInTheDocument();
    expect(await screen.findByText('主キー名は必須です')).toBeInTheDocument();
    expect(await screen.findByText('整数で入力してください')).toBeInTheDocument();
    expect(await screen.findByText('許可IPアドレスは必須です')).toBeInTheDocument();
    expect(await screen.findByText('不正な入力値があります。各入力項目を確認してください。')).toBeInTheDocument();

    // An allow-list entry that is not an address is marked and explained.
    await user.click(screen.getByRole('button', { name: /アドレスを追加/ }));
    await user.type(screen.getByLabelText('許可IPアドレス1'), '192.0.2.300');
    expect(
      await screen.findByText('IPアドレスまたはCIDR(例: 192.0.2.0/24)の形式で入力してください。'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('許可IPアドレス1')).toHaveClass('ant-input-status-error');
    expect(server.calls('POST /api/organization')).toHaveLength(0);
  });

  it('adds an organization with the storage typed with commas, sent as an integer', async () => {
    const server = stubServer(
      systemRoutes({
        'POST /api/organization': { data: { organizationId: 9 }, message: '保存しました。' },
        'GET /api/organization': { data: page([demoCompany]) },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/organization/add');
    await user.type(await screen.findByLabelText('組織名'), '新規テスト株式会社');
    const size = screen.getByLabelText('ストレージ容量');
    await user.clear(size);
    await user.type(size, '1,000');
    fireEvent.blur(size);
    expect(size).toHaveValue('1,000');
    const limit = screen.getByLabelText('ストレージ上限');
    await user.clear(limit);
    await user.type(limit, '1073741824');
    fireEvent.blur(limit);
    expect(limit).toHaveValue('1,073,741,824');
    expect(screen.getByText(/約 1 GB/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /アドレスを追加/ }));
    await user.type(screen.getByLabelText('許可IPアドレス1'), '192.0.2.0/24');
    await user.click(screen.getByRole('button', { name: /アドレスを追加/ }));
    await user.type(screen.getByLabelText('許可IPアドレス2'), '2001:db8::1');
    await user.click(screen.getByRole('switch', { name: 'IPアドレス制限' }));
    expect(getFormChanged()).toBe(true);
    await user.click(screen.getByRole('button', { name: SAVE }));

    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const body = (await server.calls('POST /api/organization')[0]?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      organizationName: '新規テスト株式会社',
      demo: true,
      checkinType: 'NO_TERMINAL',
      billingType: 'NONE',
      externalDataIdLabel: '外部データID',
      externalDataValueLabel: '外部データ',
      ipAddressRestriction: true,
      allowIpAddresses: '192.0.2.0/24\n2001:db8::1',
      storageSize: 1000,
      maxStorageUsage: 1073741824,
      serviceStartDate: null,
    });
    expect(body).not.toHaveProperty('version');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/organization/');
    });
    expect(getFormChanged()).toBeNull();
  });

  it('shows an organization with separators and its usage, and saves with the version read', async () => {
    const server = stubServer(
      systemRoutes({
        'GET /api/organization/2': { data: demoCompany },
        'PUT /api/organization/2': { data: null, message: '保存しました。' },
        'GET /api/organization': { data: page([demoCompany]) },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/organization/2');
    const name = await screen.findByLabelText('組織名');
    expect(name).toHaveValue('デモ株式会社');
    expect(screen.getByRole('heading', { name: '組織の編集' })).toBeInTheDocument();
    expect(screen.getByLabelText('ストレージ容量')).toHaveValue('10,737,418,240');
    expect(within(screen.getByLabelText('ストレージ使用量')).getByText('2.5 GB / 10 GB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'ストレージ使用率' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByLabelText('許可IPアドレス2')).toHaveValue('198.51.100.7');
    for (const section of ['基本情報', 'サービス期間', '機能', 'セキュリティ', 'ストレージ', '請求']) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }

    await user.type(screen.getByLabelText('営業担当'), '・花子');
    await user.click(screen.getByRole('button', { name: '許可IPアドレス1を削除' }));
    await user.click(screen.getByRole('switch', { name: 'デモ' }));
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const body = (await server.calls('PUT /api/organization/2')[0]?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      personInCharge: '営業 太郎・花子',
      demo: false,
      allowIpAddresses: '198.51.100.7',
      storageSize: 10737418240,
      serviceStartDate: '2025-04-01',
      surveyStartDate: '2026-01-01',
      version: 4,
    });
    expect(body).not.toHaveProperty('storageUsage');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/organization/');
    });
  });

  it('offers a reload after a version conflict, which reads the organization again', async () => {
    let reads = 0;
    const server = stubServer(
      systemRoutes({
        'GET /api/organization/2': () => {
          reads += 1;
          return { data: reads === 1 ? demoCompany : { ...demoCompany, organizationName: 'デモ商事', version: 5 } };
        },
        'PUT /api/organization/2': { status: 409, message: 'ほかのユーザーが先に更新しました。再読み込みしてください。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/organization/2');
    await user.type(await screen.findByLabelText('組織名'), '!');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(
      await screen.findByText('ほかのユーザーが先に更新しました。再読み込みしてください。(エラーコード:409)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /再読み込み/ }));
    await waitFor(() => {
      expect(screen.getByLabelText('組織名')).toHaveValue('デモ商事');
    });
    expect(getFormChanged()).toBeNull();
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => {
      expect(server.calls('PUT /api/organization/2')).toHaveLength(2);
    });
    const second = (await server.calls('PUT /api/organization/2')[1]?.json()) as { version: number };
    expect(second.version).toBe(5);
  });

  it('puts the server\'s field errors under their fields', async () => {
    stubServer(
      systemRoutes({
        'GET /api/organization/2': { data: demoCompany },
        'PUT /api/organization/2': {
          status: 400,
          message: '不正な入力値があります。各入力項目を確認してください。',
          data: { fieldErrors: { allowIpAddresses: 'IPアドレスまたはCIDR(例: 192.0.2.0/24)の形式で入力してください。' } },
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/organization/2');
    await screen.findByLabelText('組織名');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(
      await screen.findByText('IPアドレスまたはCIDR(例: 192.0.2.0/24)の形式で入力してください。'),
    ).toBeInTheDocument();
  });

  it('shows an organization that is not there with the way back to the list', async () => {
    stubServer(systemRoutes({ 'GET /api/organization/99': { status: 404, message: '対象のデータが見つかりません。' } }));
    renderApp('/home/organization/99');
    expect(await screen.findByText('対象のデータが見つかりません。')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '一覧に戻る' })).toHaveAttribute('href', '/home/organization/');
    expect(screen.queryByRole('link', { name: 'ホームへ戻る' })).not.toBeInTheDocument();
  });
});

describe('organization form of an organization administrator', { timeout: 90_000 }, () => {
  it('shows every field, lets only the allowed ones change, and sends the rest as read', async () => {
    let reads = 0;
    const server = stubServer(
      organizationAdminRoutes({
        'GET /api/organization/2': () => {
          reads += 1;
          return { data: reads === 1 ? demoCompany : { ...demoCompany, externalDataIdLabel: '店番', version: 5 } };
        },
        'PUT /api/organization/2': { data: null, message: '保存しました。' },
      }),
    );
    const user = setupUser();
    const { router } = renderApp('/home/organization/2');
    const name = await screen.findByLabelText('組織名');
    expect(screen.getByRole('heading', { name: '組織情報' })).toBeInTheDocument();
    // The note names every field left open to them, and only those.
    expect(
      screen.getByText(
        '組織管理者が変更できるのは、主キー名・外部データ名・IPアドレス制限・許可IPアドレス・写真ライブラリの利用・改善報告の期限日数・レポートのランク基準と、下の「休業日と通知」です。その他の項目は表示のみです。',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('レポートのランク基準')).toBeEnabled();

    for (const label of ['組織名', 'JKコード', '営業担当', 'ストレージ容量', 'ストレージ上限']) {
      expect(screen.getByLabelText(label), label).toBeDisabled();
    }
    for (const label of ['デモ', '改善報告', 'アンケート', 'ユーザー数で課金', 'グループ単位で請求']) {
      expect(screen.getByRole('switch', { name: label }), label).toBeDisabled();
    }
    expect(screen.getByLabelText('サービス開始日')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: '課金方式' })).toBeDisabled();
    expect(name).toHaveValue('デモ株式会社');

    for (const label of ['主キー名', '外部データ名', '許可IPアドレス1']) {
      expect(screen.getByLabelText(label), label).toBeEnabled();
    }
    expect(screen.getByRole('switch', { name: '写真ライブラリの利用' })).toBeEnabled();
    expect(screen.getByRole('switch', { name: 'IPアドレス制限' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /アドレスを追加/ })).toBeEnabled();

    const label = screen.getByLabelText('主キー名');
    await user.clear(label);
    await user.type(label, '店番');
    await user.click(screen.getByRole('switch', { name: '写真ライブラリの利用' }));
    const dueDays = screen.getByLabelText('改善報告の期限日数');
    expect(dueDays).toHaveValue('7');
    await user.clear(dueDays);
    await user.type(dueDays, '400');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('改善報告の期限日数は365以下で入力してください。')).toBeInTheDocument();
    expect(server.calls('PUT /api/organization/2')).toHaveLength(0);
    await user.clear(dueDays);
    await user.type(dueDays, '１４'); // typed with the input method on
    await user.type(screen.getByLabelText('レポートのランク基準'), '優:80,良:0');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    const body = (await server.calls('PUT /api/organization/2')[0]?.json()) as Record<string, unknown>;
    const asRead: Record<string, unknown> = { ...demoCompany };
    delete asRead.organizationId;
    delete asRead.storageUsage;
    expect(body).toEqual({
      ...asRead,
      externalDataIdLabel: '店番',
      allowPhotoLibrary: false,
      improvementDueDays: 14,
      reportRanks: '優:80,良:0',
      version: 4,
    });

    // No list to go back to: it stays, with the organization read again (its new version).
    await waitFor(() => {
      expect(reads).toBe(2);
    });
    expect(router.state.location.pathname).toBe('/organization/2');
    await waitFor(() => {
      expect(screen.getByLabelText('主キー名')).toHaveValue('店番');
    });
    expect(getFormChanged()).toBeNull();
  });

  it('may not add organizations: the no-access screen, leading home', async () => {
    const server = stubServer(organizationAdminRoutes());
    renderApp('/home/organization/add');
    expect(await screen.findByText(NO_ACCESS_TITLE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームへ戻る' })).toHaveAttribute('href', '/home/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('組織名')).not.toBeInTheDocument();
    expect(server.calls('POST /api/organization')).toHaveLength(0);
  });

  it('shows another organization as not there, leading home rather than to the list it may not open', async () => {
    stubServer(organizationAdminRoutes({ 'GET /api/organization/5': { status: 404, message: '組織が見つかりません。' } }));
    renderApp('/home/organization/5');
    expect(await screen.findByText('組織が見つかりません。')).toBeInTheDocument();
    expect(screen.getByText('削除されたか、URLが正しくない可能性があります。')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'ホームへ戻る' })).toHaveAttribute('href', '/home/');
    expect(screen.queryByRole('link', { name: '一覧に戻る' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '再読み込み' })).not.toBeInTheDocument();
  });
});
