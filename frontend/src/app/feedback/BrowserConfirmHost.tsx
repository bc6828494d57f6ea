import { useEffect, type ReactNode } from 'react';
import type { ConfirmHostProps } from './feedbackContext';

const text = (node: ReactNode): string => (typeof node === 'string' || typeof node === 'number' ? String(node) : '');

/** ConfirmHost's stand-in when its code cannot be loaded: the browser's own confirmation dialog. */
export function BrowserConfirmHost({ asked, onShown }: ConfirmHostProps) {
  useEffect(() => {
    if (asked.length === 0) return;
    onShown(asked);
    for (const props of asked) {
      const question = [text(props.title), text(props.content)].filter(Boolean).join('\n');
      if (window.confirm(question)) void props.onOk?.();
      else props.onCancel?.();
    }
  }, [asked, onShown]);
  return null;
}
