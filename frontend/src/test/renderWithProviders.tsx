import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AntdProviders } from '@/app/providers/AntdProviders';
import { AppProviders } from '@/app/providers/AppProviders';

/** Renders one component with the app's providers (antd, query cache) and no router. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(<AppProviders queryClient={queryClient} animations={false}>
      <AntdProviders>{ui}</AntdProviders>
    </AppProviders>);
  return { ...view, queryClient };
}
