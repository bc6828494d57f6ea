import { message } from 'antd';
import { useEffect } from 'react';
import type { MessageHostProps } from './feedbackContext';

/** antd's themed message API (toasts at the top of the page), handed to FeedbackProvider. Its own chunk. */
export function MessageHost({ onReady }: MessageHostProps) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    onReady(api);
  }, [api, onReady]);
  return holder;
}
