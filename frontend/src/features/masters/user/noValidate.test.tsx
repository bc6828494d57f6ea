import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens } from '../testing';
import { userRoutes } from './testing';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

allowSlowScreens();

describe('forms check themselves', { timeout: 60_000 }, () => {
  it('the user form lets no browser bubble cover the Japanese message of the mail field', async () => {
    stubServer(userRoutes());
    renderApp('/home/user/add');
    await screen.findByLabelText('ユーザーアカウント');
    const mail = document.querySelector('input#mailAddress') ?? screen.getByLabelText(/メールアドレス/);
    expect(mail.closest('form')).toHaveAttribute('novalidate');
  });
});
