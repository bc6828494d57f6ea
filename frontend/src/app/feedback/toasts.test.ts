import { describe, expect, it, vi } from 'vitest';
import { interpretAnswer } from '@/lib/api/outcome';
import { messageArgs, showOutcomeToast, showToast } from './toasts';

const recorder = () => ({ open: vi.fn(), destroy: vi.fn() });

describe('toasts', () => {
  it('a success toast lasts 10 s', () => {
    const outcome = interpretAnswer(
      { received: true, status: 200, body: { code: 0, message: '' } },
      { successText: 'パスワードを変更しました。' },
    );
    const message = recorder();
    showOutcomeToast(message, outcome);
    expect(message.open).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', content: 'パスワードを変更しました。', duration: 10 }),
    );
  });

  it('an error toast shows the message with its code and closes on click', () => {
    const outcome = interpretAnswer({ received: true, status: 409, body: { code: 409, message: '重複しています。' } });
    const message = recorder();
    showOutcomeToast(message, outcome);
    const args = message.open.mock.calls[0]?.[0] as { type: string; content: string; key: string; onClick: () => void };
    expect(args).toMatchObject({ type: 'error', content: '重複しています。(エラーコード:409)' });
    args.onClick();
    expect(message.destroy).toHaveBeenCalledWith(args.key);
  });

  it('no response: the connection text', () => {
    const message = recorder();
    showOutcomeToast(message, interpretAnswer({ received: false }));
    expect(message.open).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', content: '接続できませんでした。' }));
  });

  it('leaves a 401 to the session handling', () => {
    const message = recorder();
    showOutcomeToast(message, interpretAnswer({ received: true, status: 401, body: '' }));
    expect(message.open).not.toHaveBeenCalled();
  });

  it('a silent success shows nothing', () => {
    const message = recorder();
    showOutcomeToast(message, interpretAnswer({ received: true, status: 200, body: { code: 0, message: '' } }));
    expect(message.open).not.toHaveBeenCalled();
  });

  it('a toast that must stay cannot be clicked away', () => {
    const message = recorder();
    showToast(message, { kind: 'error', text: 'x' }, { dismissible: false });
    expect(message.open.mock.calls[0]?.[0]).not.toHaveProperty('onClick');
    expect(messageArgs({ kind: 'success', text: 'y', durationMs: 10_000 }).duration).toBe(10);
  });
});
