import { App } from 'antd';
import { useMemo } from 'react';
import type { ApiOutcome, Toast } from '@/lib/api/outcome';
import { showOutcomeToast, showToast } from './toasts';

/** Toasts from components: `toast(...)` for a fixed one, `outcome(...)` for an API answer. */
export function useToasts() {
  const { message } = App.useApp();
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
