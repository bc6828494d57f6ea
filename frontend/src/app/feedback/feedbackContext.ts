import type { ModalFuncProps } from 'antd';
import { createContext, use } from 'react';
import type { MessageApi } from './toasts';

export interface Feedback {
  /** antd's message API, the part toasts use (docs/product/errors.md); calls wait for its code. */
  message: MessageApi;
  /**
   * A confirmation dialog as antd's `modal.confirm`, shown once its code has loaded; the cancel button
   * has the focus unless `focusable.autoFocusButton` says otherwise.
   */
  confirm: (props: ModalFuncProps) => void;
}

/** What the dialog host (ConfirmHost, or its stand-in) is given: the confirmations not yet shown. */
export interface ConfirmHostProps {
  asked: readonly ModalFuncProps[];
  onShown: (shown: readonly ModalFuncProps[]) => void;
}

/** What the toast host (MessageHost) is given: where to hand antd's message API once it is there. */
export interface MessageHostProps {
  onReady: (api: MessageApi) => void;
  /** Called by its stand-in when the host's code could not be loaded. */
  onFailed: () => void;
}

export const FeedbackContext = createContext<Feedback | null>(null);

/** Toasts and confirmations, inside FeedbackProvider (Feedback.tsx, in AppProviders). */
export function useFeedback(): Feedback {
  const feedback = use(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider (app/providers/AppProviders.tsx)');
  return feedback;
}
