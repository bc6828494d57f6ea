import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { masterRoutes } from '@/features/masters/testing';
import { NO_ACCESS_TEXT, NO_ACCESS_TITLE } from './noAccessTexts';

describe('a screen the user may not use', { timeout: 60_000 }, () => {
  it('says so and leads home instead of offering a reload', async () => {
    // demoadmin (an organization administrator) opens the system administrator's organization list.
    stubServer(masterRoutes({ 'GET /api/organization': { status: 403, message: '権限がありません。管理者までご連絡ください。' } }));
    renderApp('/home/organization/');
    expect(await screen.findByText(NO_ACCESS_TITLE)).toBeInTheDocument();
    expect(screen.getByText(NO_ACCESS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームへ戻る' })).toHaveAttribute('href', '/home/');
    expect(screen.queryByRole('button', { name: 'ホームへ戻る' })).not.toBeInTheDocument(); // a link, not a button in one
    expect(screen.queryByText('再読み込み')).not.toBeInTheDocument();
  });
});
