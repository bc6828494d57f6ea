import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeOptions, stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { Terminal } from '../common/types';
import { lastQuery, masterRoutes, page, setupUser, shinjuku, allowSlowScreens } from '../testing';

allowSlowScreens();

const withTerminals = { data: { ...fakeOptions, checkinType: 'TERMINAL' } };
const terminal: Terminal = {
  terminalRowId: 31,
  facilityId: 11,
  facilityName: '新宿駅前店',
  terminalId: 'TERM-001',
  terminalName: 'レジ横',
};

describe('terminals', { timeout: 60_000 }, () => {
  it('explains that the organization uses no terminals, without asking for the list', async () => {
    const server = stubServer(masterRoutes());
    renderApp('/home/terminal/');
    expect(await screen.findByText('この組織は端末を使用しない設定です。')).toBeInTheDocument();
    expect(server.calls('GET /api/terminal')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /端末を登録/ })).not.toBeInTheDocument();
  });

  it('shows the server\'s refusal (422) as the empty state', async () => {
    stubServer(
      masterRoutes({
        'GET /api/login_user/organization': withTerminals,
        'GET /api/terminal': { status: 422, message: '端末は利用できません。' },
      }),
    );
    renderApp('/home/terminal/');
    expect(await screen.findByText('端末は利用できません。')).toBeInTheDocument();
  });

  it('lists terminals, filtered by the store of the URL', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/login_user/organization': withTerminals,
        'GET /api/terminal': { data: page([terminal], 1) },
        'GET /api/facility': { data: page([shinjuku]) },
      }),
    );
    renderApp('/home/terminal/?facilityId=11');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('TERM-001')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '新宿駅前店' })).toHaveAttribute('href', '/home/facility/11');
    expect(lastQuery(server.requests, 'GET /api/terminal').get('facilityId')).toBe('11');
  });

  it('shows the empty state', async () => {
    stubServer(masterRoutes({ 'GET /api/login_user/organization': withTerminals, 'GET /api/terminal': { data: page([]) } }));
    renderApp('/home/terminal/');
    expect(await screen.findByText('該当する端末はありません')).toBeInTheDocument();
  });

  it('registers a terminal, checked like the server', async () => {
    const server = stubServer(
      masterRoutes({
        'GET /api/login_user/organization': withTerminals,
        'GET /api/terminal': { data: page([]) },
        'GET /api/facility': { data: page([shinjuku]) },
        'POST /api/terminal': { data: { terminalRowId: 32 }, message: '保存しました。' },
      }),
    );
    const user = setupUser();
    renderApp('/home/terminal/?facilityId=11');
    await user.click(await screen.findByRole('button', { name: /端末を登録/ }));
    // (antd names every element "test-id" under test, so the dialog is found by its title.)
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('端末の登録')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: /登\s*録/ }));
    expect(await dialog.findByText('端末IDは必須です')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('端末ID'), '端末');
    expect(await dialog.findByText('ASCII文字のみを入力してください。')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('端末ID'));
    await user.type(dialog.getByLabelText('端末ID'), 'TERM-002');
    await user.click(dialog.getByRole('button', { name: /登\s*録/ }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(await server.calls('POST /api/terminal')[0]?.json()).toEqual({
      facilityId: 11,
      terminalId: 'TERM-002',
      terminalName: '',
    });
  });
});
