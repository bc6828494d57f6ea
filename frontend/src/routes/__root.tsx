import { createRootRouteWithContext } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyAntd } from '@/app/providers/lazyAntd';
import type { RouterContext } from '@/app/router';
import { AppLayout } from '@/app/shell/AppLayout';
import { preloadConsoleShell } from '@/app/shell/lazyShell';
import { askWhoIsSignedIn } from '@/features/session/early';

// Rare, so not in the first chunk.
const NotFound = lazyAntd(() => import('@/app/shell/NotFound'), 'NotFound');

export const Route = createRootRouteWithContext<RouterContext>()({
  // Asked here, as the route is matched, rather than by AppLayout once the screen's code has loaded.
  beforeLoad: ({ context, matches, preload }) => {
    if (preload || !matches.every((match) => match.staticData.requiresAuth !== false)) return;
    // Signed in by the server's hint: the shell is fetched with the screen's code, not after the user.
    if (askWhoIsSignedIn(context.queryClient)) preloadConsoleShell();
  },
  component: AppLayout,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  ),
});
