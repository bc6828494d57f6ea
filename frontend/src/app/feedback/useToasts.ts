import { useMemo } from 'react';
import type { ApiOutcome, Toast } from '@/lib/api/outcome';
import { useFeedback } from './feedbackContext';
import { showOutcomeToast, showToast } from './toasts';

/** Toasts from components: `toast(...)` for a fixed one, `outcome(...)` for an API answer. */
export function useToasts() {
  const { message } = useFeedback();
  return useMemo(
    () => ({
      toast: (toast: Toast, options?: { dismissible?: boolean }) => {
        showToast(message, toast, options);
      },
      outcome: (outcome: ApiOutcome<unknown>) => {
        showOutcomeToast(message, outcome);
      },
    }),
    [message],
  );
}
