import { Modal, type ModalFuncProps } from 'antd';
import { useEffect, useRef } from 'react';
import type { ConfirmHostProps } from './feedbackContext';

/**
 * Shows the confirmations asked for through FeedbackProvider with antd's themed `modal.confirm`, each
 * once (a development re-run of the effect must not open a second dialog). Its own chunk.
 *
 * The cancel button has the focus unless a confirmation says otherwise: what is asked here cannot be
 * undone (leaving a changed form, submitting a check sheet), and antd's default, the OK button,
 * would let a stray Enter do it.
 */
export function ConfirmHost({ asked, onShown }: ConfirmHostProps) {
  const [modal, holder] = Modal.useModal();
  const opened = useRef(new WeakSet<ModalFuncProps>());
  useEffect(() => {
    if (asked.length === 0) return;
    for (const props of asked) {
      if (opened.current.has(props)) continue;
      opened.current.add(props);
      modal.confirm({ ...props, focusable: { autoFocusButton: 'cancel', ...props.focusable } });
    }
    onShown(asked);
  }, [asked, modal, onShown]);
  return holder;
}
