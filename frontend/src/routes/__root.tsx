import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { AppLayout } from '@/app/shell/AppLayout';
import { NotFound } from '@/app/shell/NotFound';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFound,
});
