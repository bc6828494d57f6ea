import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { AppLayout } from '@/app/shell/AppLayout';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  // Rare, so not in the first chunk.
  notFoundComponent: lazyRouteComponent(() => import('@/app/shell/NotFound'), 'NotFound'),
});
