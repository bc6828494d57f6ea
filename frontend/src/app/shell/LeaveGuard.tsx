import { useBlocker } from '@tanstack/react-router';
import { useFeedback } from '@/app/feedback/feedbackContext';
import { isDownloadStarting } from '@/lib/download';
import { isLeaving, LEAVE_PROMPT, LEAVE_PROMPT_DETAIL } from '@/lib/routing/leave';
import { getFormChanged, setFormChanged } from '@/lib/session/formChanged';

/**
 * docs/product/shell.md: with unsaved changes, leaving asks first: in-app navigation to another route
 * (or other parameters than the tab) through a dialog, closing or reloading the tab through the
 * browser's own prompt. Leaving clears the flag.
 */
export function LeaveGuard() {
  const { confirm } = useFeedback();
  useBlocker({
    shouldBlockFn: async ({ current, next }) => {
      if (!isLeaving(current, next)) return false;
      if (!getFormChanged()) return false;
      const leave = await new Promise<boolean>((resolve) => {
        confirm({
          title: LEAVE_PROMPT,
          content: LEAVE_PROMPT_DETAIL,
          okText: '移動する',
          cancelText: 'キャンセル',
          onOk: () => {
            resolve(true);
          },
          onCancel: () => {
            resolve(false);
          },
        });
      });
      if (leave) setFormChanged(null);
      return !leave;
    },
    enableBeforeUnload: () => getFormChanged() === true && !isDownloadStarting(),
  });
  return null;
}
