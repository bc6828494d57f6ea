import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { AppLayout } from '@/app/shell/AppLayout';
import { askWhoIsSignedIn } from '@/features/session/early';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Asked here, as the route is matched, rather than by AppLayout once the screen's code has loaded.
  beforeLoad: ({ context, matches, preload }) => {
    if (!preload && matches.every((match) => match.staticData.requiresAuth !== false)) askWhoIsSignedIn(context.queryClient);
  },
  component: AppLayout,
  // Rare, so not in the first chunk.
  notFoundComponent: lazyRouteComponent(() => import('@/app/shell/NotFound'), 'NotFound'),
});
