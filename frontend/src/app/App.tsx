import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { AppProviders } from './providers/AppProviders';
import { createQueryClient } from './providers/queryClient';
import { createAppRouter } from './router';

export function App() {
  // One cache and one router per mounted app; useState keeps them across re-renders.
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter({ queryClient }));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
