import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, use } from 'react';

export interface Feedback {
  /** antd's message API (toasts, docs/product/errors.md). */
  message: MessageInstance;
  /** A confirmation dialog as antd's `modal.confirm`, shown once its code has loaded. */
  confirm: (props: ModalFuncProps) => void;
}

/** What the dialog host (ConfirmHost, or its stand-in) is given: the confirmations not yet shown. */
export interface ConfirmHostProps {
  asked: readonly ModalFuncProps[];
  onShown: (shown: readonly ModalFuncProps[]) => void;
}

export const FeedbackContext = createContext<Feedback | null>(null);

/** Toasts and confirmations, inside FeedbackProvider (Feedback.tsx, in AppProviders). */
export function useFeedback(): Feedback {
  const feedback = use(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider (app/providers/AppProviders.tsx)');
  return feedback;
}
