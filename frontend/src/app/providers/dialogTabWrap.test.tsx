import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Input, Modal } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/renderWithProviders';

describe('Tab in a dialog', () => {
  it('goes round its controls, skipping what cannot take the focus, and never out to the page', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Button>ページのボタン</Button>
        <Modal open title="パスワード変更" okText="変更" cancelText="キャンセル">
          <Input aria-label="現在のパスワード" />
          <Button disabled>無効</Button>
          <input type="hidden" name="version" />
          <Button style={{ display: 'none' }}>隠れたボタン</Button>
        </Modal>
      </>,
    );
    const close = await screen.findByRole('button', { name: '閉じる' });
    const input = screen.getByLabelText('現在のパスワード');
    const ok = screen.getByRole('button', { name: '変更' });
    input.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await user.tab();
    expect(ok).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(ok).toHaveFocus();
  });
});
