import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import jaJP from 'antd/locale/ja_JP';
import type { ReactNode } from 'react';
import { FeedbackProvider } from '@/app/feedback/Feedback';
import { appTheme } from './theme';

/**
 * Everything a screen may rely on: Japanese antd with the app theme, the feedback context (so
 * toasts and confirmations can be opened from hooks), and the query cache.
 */
export function AppProviders({
  queryClient,
  children,
  animations = true,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** Off in component tests: a closed dialog leaves the document at once. */
  animations?: boolean;
}) {
  const theme = animations ? appTheme : { ...appTheme, token: { ...appTheme.token, motion: false } };
  return (
    // autoInsertSpace off: antd would write 「保 存」「削 除」 for two-character CJK labels.
    <ConfigProvider locale={jaJP} theme={theme} button={{ autoInsertSpace: false }}>
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
