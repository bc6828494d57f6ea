import { Button, Flex } from 'antd';
import { useMemo } from 'react';
import { useFeedback } from '@/app/feedback/feedbackContext';
import { messageArgs } from '@/app/feedback/toasts';
import { useToasts } from '@/app/feedback/useToasts';
import type { ApiOutcome } from '@/lib/api/outcome';
import { VALIDATION_MESSAGES } from '@/lib/validation/messages';
import { RELOAD } from '@/shared/feedback/texts';

/** HTTP 409: someone else saved the record since this form read it. */
export const CONFLICT = 409;

/** One "invalid input" toast at a time, so a later success can take it away. */
const INVALID_FORM_KEY = 'invalid-form';

/**
 * Toasts of the master screens, on top of the shell's (docs/product/errors.md): an API outcome as it
 * is; a version conflict with a reload action; the "invalid form" text when the browser-side
 * checks fail.
 */
export function useMasterToasts() {
  const toasts = useToasts();
  const { message } = useFeedback();
  return useMemo(
    () => ({
      outcome: toasts.outcome,
      invalidForm: () => {
        message.open({
          ...messageArgs({ kind: 'error', text: VALIDATION_MESSAGES.invalidForm }),
          key: INVALID_FORM_KEY,
          onClick: () => {
            message.destroy(INVALID_FORM_KEY);
          },
        });
      },
      clearInvalidForm: () => {
        message.destroy(INVALID_FORM_KEY);
      },
      /** The conflict's error toast, staying until used or clicked away, with a reload button. */
      conflict: (outcome: ApiOutcome<unknown> & { ok: false }, reload: () => void) => {
        const args = messageArgs(outcome.toast);
        const close = () => {
          message.destroy(args.key);
        };
        message.open({
          ...args,
          duration: 0,
          content: (
            <Flex component="span" gap="small" align="center" wrap style={{ display: 'inline-flex' }}>
              <span>{outcome.toast.text}</span>
              <Button
                size="small"
                type="primary"
                onClick={(event) => {
                  event.stopPropagation();
                  close();
                  reload();
                }}
              >
                {RELOAD}
              </Button>
            </Flex>
          ),
          onClick: close,
        });
      },
    }),
    [toasts, message],
  );
}
