import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { allowSlowScreens, page, setupUser } from '@/features/masters/testing';
import { systemRoutes } from '@/features/masters/organization/testing';
import type { SystemSupportFile } from './api';

allowSlowScreens();

const manual: SystemSupportFile = {
  fileId: 3,
  fileName: '店舗運営マニュアル.pdf',
  fileSize: 2_400_000,
  userAccount: 'sysadmin',
  supportFileType: 'MANUAL',
  published: false,
  createDate: '2026-11-25T01:00:00Z',
};

describe('manuals', { timeout: 60_000 }, () => {
  it('lists the manuals and publishes one', async () => {
    const server = stubServer(
      systemRoutes({
        'GET /api/system/support_file': { data: page([manual]) },
        'PUT /api/system/support_file/3': { message: '保存しました。', data: null },
      }),
    );
    const user = setupUser();
    renderApp('/home/system/support_file/');
    const table = within(await screen.findByRole('table', { name: 'マニュアル' }));
    expect(await table.findByText('店舗運営マニュアル.pdf')).toBeInTheDocument();
    expect(table.getByText('2.3 MB')).toBeInTheDocument();
    await user.click(table.getByRole('switch', { name: '店舗運営マニュアル.pdfを公開する' }));
    const body = (await server.calls('PUT /api/system/support_file/3')[0]?.json()) as Record<string, unknown>;
    expect(body).toEqual({ supportFileType: 'MANUAL', published: true });
  });

  it('shows the empty state and the refusal of a file by the server', async () => {
    stubServer(
      systemRoutes({
        'GET /api/system/support_file': { data: page([]) },
        'POST /api/system/support_file': {
          status: 400,
          message: '不正な入力値があります。各入力項目を確認してください。',
          data: { fieldErrors: { file: 'PDF、Excel、Word、PowerPoint、PNG、JPEGのファイルを選んでください。' } },
        },
      }),
    );
    const user = setupUser();
    renderApp('/home/system/support_file/');
    expect(await screen.findByText('マニュアルはありません')).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['MZ'], 'tool.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: '登録' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PDF、Excel、Word、PowerPoint、PNG、JPEGのファイルを選んでください。');
  });
});
