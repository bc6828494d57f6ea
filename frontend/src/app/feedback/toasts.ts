import type { ArgsProps } from 'antd/es/message';
import type { ApiOutcome, Toast } from '@/lib/api/outcome';

/** antd's message API, the part toasts use (useFeedback().message). */
export interface MessageApi {
  open: (args: ArgsProps) => unknown;
  destroy: (key?: React.Key) => void;
}

let toastCount = 0;

/**
 * docs/product/errors.md's toasts as antd messages (shown at the top): success for `durationMs` (10 s
 * by default for successes), errors until their default time or a click, which dismisses them.
 * `dismissible: false` is for the logout toast, which a click must not remove.
 */
export function messageArgs(toast: Toast, options: { dismissible?: boolean } = {}): ArgsProps {
  const key = `toast-${++toastCount}`;
  const args: ArgsProps = { key, type: toast.kind, content: toast.text };
  if (toast.durationMs !== undefined) args.duration = toast.durationMs / 1000;
  return args.type === 'error' && options.dismissible !== false ? { ...args, className: 'toast-dismissible' } : args;
}

export function showToast(message: MessageApi, toast: Toast, options: { dismissible?: boolean } = {}): void {
  const args = messageArgs(toast, options);
  if (args.className === 'toast-dismissible') {
    args.onClick = () => {
      message.destroy(args.key);
    };
  }
  message.open(args);
}

/**
 * The toast of an API outcome, if it has one. A 401 is left to the session handling, which
 * shows the timeout toast once however many calls failed.
 */
export function showOutcomeToast(message: MessageApi, outcome: ApiOutcome<unknown>): void {
  if (!outcome.ok && outcome.failure.code === 401) return;
  if (outcome.toast) showToast(message, outcome.toast);
}
