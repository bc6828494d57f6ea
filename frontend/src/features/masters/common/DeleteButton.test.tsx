import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/renderWithProviders';
import { viewport } from '@/test/viewport';
import { setupUser } from '../testing';
import { DeleteButton } from './DeleteButton';
import { deleteQuestion } from './messages';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Opens the question of a DeleteButton; its キャンセル and 削除 buttons. */
async function openQuestion() {
  const user = setupUser();
  renderWithProviders(<DeleteButton size="small" label="新宿駅前店を削除" question={deleteQuestion('店舗', '新宿駅前店')} onConfirm={vi.fn(() => Promise.resolve())} />);
  await user.click(screen.getByRole('button', { name: '新宿駅前店を削除' }));
  expect(await screen.findByText('店舗「新宿駅前店」を削除しますか？')).toBeInTheDocument();
  return [screen.getByRole('button', { name: 'キャンセル' }), screen.getByRole('button', { name: /^削\s*除$/ })];
}

describe('the delete question', () => {
  it('has buttons of the normal height on a phone, where a finger taps them', async () => {
    viewport(390);
    for (const button of await openQuestion()) expect(button).not.toHaveClass('ant-btn-sm');
  });

  it('keeps them small beside the question on a wider screen', async () => {
    viewport(1280);
    for (const button of await openQuestion()) expect(button).toHaveClass('ant-btn-sm');
  });
});
