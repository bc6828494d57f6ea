import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/renderWithProviders';
import { BrowserConfirmHost } from './BrowserConfirmHost';
import * as hosts from './hosts';
import { useFeedback } from './feedbackContext';

function Asker({ onOk, onCancel }: { onOk: () => void; onCancel: () => void }) {
  const { confirm } = useFeedback();
  return <Button onClick={() => { confirm({ title: '移動しますか？', okText: '移動する', cancelText: 'キャンセル', onOk, onCancel }); }}>ask</Button>;
}

vi.mock('./hosts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./hosts')>();
  return { ...original, loadMessageHost: vi.fn(original.loadMessageHost) };
});

function Toaster() {
  const { message } = useFeedback();
  return (
    <Button
      onClick={() => {
        message.open({ type: 'error', content: '接続できませんでした。' });
      }}
    >
      toast
    </Button>
  );
}

function EarlyToast() {
  const { message } = useFeedback();
  useEffect(() => {
    message.open({ key: 'early', type: 'success', content: '保存しました。' });
    message.open({ key: 'gone', type: 'error', content: '消える通知' });
    message.destroy('gone');
  }, [message]);
  return null;
}

describe('toasts', () => {
  it('asked for before their code has loaded are shown once it has, in the order asked', async () => {
    renderWithProviders(<EarlyToast />);
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(screen.queryByText('消える通知')).not.toBeInTheDocument();
  });

  it('try to load their code again with the next toast when it could not be loaded', async () => {
    vi.mocked(hosts.loadMessageHost).mockClear().mockRejectedValueOnce(new Error('offline'));
    renderWithProviders(<Toaster />);
    await userEvent.click(screen.getByRole('button', { name: 'toast' }));
    await waitFor(() => {
      expect(hosts.loadMessageHost).toHaveBeenCalledTimes(1);
    });
    // Let the failed load settle: its stand-in reports it once shown, and React reveals what a
    // Suspense boundary waited for up to 300 ms later.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    // Lost: there was nothing to show it with.
    expect(screen.queryByText('接続できませんでした。')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'toast' }));
    expect(await screen.findByText('接続できませんでした。')).toBeInTheDocument();
    expect(hosts.loadMessageHost).toHaveBeenCalledTimes(2);
  });
});

describe('confirmations', () => {
  it('show antd dialog once its code has loaded, and answer with the button pressed', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<Asker onOk={onOk} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect((await screen.findAllByText('移動しますか？')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(await screen.findByRole('button', { name: '移動する' }));
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('focus the cancel button, so that Enter does not do what is asked, and keep Tab inside', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Asker onOk={onOk} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'ask' }));
    const cancel = await screen.findByRole('button', { name: 'キャンセル' });
    const leave = screen.getByRole('button', { name: '移動する' });
    await waitFor(() => {
      expect(cancel).toHaveFocus();
    });
    await user.tab();
    expect(leave).toHaveFocus();
    // From the last button back to the first, not out of the dialog to <body>.
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(leave).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onOk).not.toHaveBeenCalled();
  });

  it("fall back on the browser's own dialog when the dialog's code cannot load", () => {
    const answers = [true, false];
    const confirm = vi.spyOn(window, 'confirm').mockImplementation(() => answers.shift() ?? false);
    const first = { title: '提出しますか？', content: '提出後は変更できません。', onOk: vi.fn(), onCancel: vi.fn() };
    const second = { title: '移動しますか？', onOk: vi.fn(), onCancel: vi.fn() };
    const onShown = vi.fn();
    render(<BrowserConfirmHost asked={[first, second]} onShown={onShown} />);
    expect(confirm).toHaveBeenNthCalledWith(1, '提出しますか？\n提出後は変更できません。');
    expect([first.onOk.mock.calls.length, first.onCancel.mock.calls.length]).toEqual([1, 0]);
    expect([second.onOk.mock.calls.length, second.onCancel.mock.calls.length]).toEqual([0, 1]);
    expect(onShown).toHaveBeenCalledWith([first, second]);
    confirm.mockRestore();
  });
});
