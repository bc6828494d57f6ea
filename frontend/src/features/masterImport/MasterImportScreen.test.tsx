import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, masterRoutes, page, setupUser } from '@/features/masters/testing';
import type { MasterCount, MasterImport, MasterImportRow } from './types';

allowSlowScreens();

const count = (fields: Partial<MasterCount> & Pick<MasterCount, 'set' | 'sheet'>): MasterCount => ({
  create: 0,
  update: 0,
  delete: 0,
  unchanged: 0,
  error: 0,
  deleting: false,
  ...fields,
});

const imported = (fields: Partial<MasterImport> & Pick<MasterImport, 'importId' | 'status'>): MasterImport => ({
  fileName: `masters-${String(fields.importId)}.xlsx`,
  fileSize: 20_000,
  message: '',
  rowsDone: 0,
  rowsTotal: 120,
  counts: [],
  deleteSets: [],
  userId: 1,
  userAccount: 'demoadmin',
  createDate: '2026-11-25T01:00:00Z',
  passwordsAvailable: false,
  passwords: 0,
  mine: true,
  applyRefusal: '',
  ...fields,
});

const counts = (errors: number) => [
  count({ set: 'GROUPS', sheet: 'グループ', update: 1, unchanged: 6 }),
  count({ set: 'FACILITIES', sheet: '店舗', create: 1, unchanged: 9, error: errors }),
  count({ set: 'USERS', sheet: 'ユーザー', create: 1, unchanged: 2, deleting: true }),
];

const rows: MasterImportRow[] = [
  {
    set: 'FACILITIES',
    sheet: '店舗',
    line: 11,
    op: 'ERROR',
    name: '熊本インター店',
    changes: [],
    errors: [{ column: '電話番号', value: '096-123-ABCD', message: '電話番号の形式で入力してください' }],
  },
  {
    set: 'GROUPS',
    sheet: 'グループ',
    line: 8,
    op: 'UPDATE',
    id: 8,
    name: '九州・沖縄ブロック',
    changes: [{ column: 'グループ名', old: '九州ブロック', new: '九州・沖縄ブロック' }],
    errors: [],
  },
];

describe('bulk master registration', { timeout: 60_000 }, () => {
  it('lists past imports and shows an empty history', async () => {
    stubServer(masterRoutes({ 'GET /api/master/import': { data: page([]) } }));
    renderApp('/home/master/');
    expect(await screen.findByText('取り込んだファイルはありません')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /現在のマスタをダウンロード/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取り込んでプレビュー' })).toBeDisabled();
  });

  it('shows a plan with errors: counts, the error row, and no applying', async () => {
    const im = imported({
      importId: 4,
      status: 'PREVIEWED',
      counts: counts(1),
      applyRefusal: 'エラーのある行があるため反映できません。ファイルを直してもう一度取り込んでください。',
    });
    const server = stubServer(
      masterRoutes({
        'GET /api/master/import': { data: page([im]) },
        'GET /api/master/import/4': { data: im },
        'GET /api/master/import/4/rows': { data: page(rows.slice(0, 1)) },
      }),
    );
    renderApp('/home/master/?importId=4');
    const preview = within(await screen.findByLabelText('取込の内容'));
    expect(await preview.findByText('［電話番号］「096-123-ABCD」: 電話番号の形式で入力してください')).toBeInTheDocument();
    expect(preview.getByText('エラーのある行があるため反映できません。ファイルを直してもう一度取り込んでください。')).toBeInTheDocument();
    expect(preview.getByRole('button', { name: '反映する' })).toBeDisabled();
    const table = within(preview.getByRole('table', { name: 'シートごとの件数' }));
    expect(table.getAllByText('削除しない')).toHaveLength(2);
    // The rows open on the errors.
    await waitFor(() => {
      const last = server.requests.filter((r) => r.url.includes('/rows')).at(-1);
      expect(last && new URL(last.url).searchParams.get('op')).toBe('ERROR');
    });
  });

  it('applies a clean plan after confirming, and offers the initial passwords once applied', async () => {
    let applied = false;
    const clean = imported({ importId: 5, status: 'PREVIEWED', counts: counts(0) });
    const done = { ...clean, status: 'APPLIED' as const, passwordsAvailable: true, passwords: 1, applyDate: '2026-11-25T02:00:00Z' };
    const server = stubServer(
      masterRoutes({
        'GET /api/master/import': () => ({ data: page([applied ? done : clean]) }),
        'GET /api/master/import/5': () => ({ data: applied ? done : clean }),
        'GET /api/master/import/5/rows': { data: page(rows.slice(1)) },
        'POST /api/master/import/5/apply': () => {
          applied = true;
          return { message: '反映を開始しました。', data: { ...clean, status: 'APPLYING' } };
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/master/?importId=5');
    const preview = within(await screen.findByLabelText('取込の内容'));
    expect(await preview.findByText('九州ブロック')).toBeInTheDocument();
    await user.click(preview.getByRole('button', { name: '反映する' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('登録2件・更新1件・削除0件をまとめて反映します。')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: '反映する' }));
    expect(await preview.findByRole('button', { name: /初期パスワード（1名・1回だけ）/ })).toBeInTheDocument();
    expect(server.calls('POST /api/master/import/5/apply')).toHaveLength(1);
  });
});
