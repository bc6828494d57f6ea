import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '@/app/providers/AppProviders';
import { createAppRouter } from '@/app/router';

/** Renders the whole app at `url` (a full path under /home), as a browser opening it would. */
export function renderApp(url: string) {
  // No retries: a failing call should settle at once instead of backing off for seconds.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <AppProviders queryClient={queryClient} animations={false}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}
