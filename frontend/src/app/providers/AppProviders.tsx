import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FeedbackProvider } from '@/app/feedback/Feedback';
import { MotionContext } from './motion';

/**
 * Everything a screen may rely on: the feedback context (so toasts and confirmations can be opened
 * from hooks), the query cache, and whether antd animates. antd's theme and locale are not here but
 * around each part that uses antd (AntdProviders, lazyAntd), so the sign-in screen loads no antd.
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
  return (
    <MotionContext value={animations}>
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </FeedbackProvider>
    </MotionContext>
  );
}
