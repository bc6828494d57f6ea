import { Suspense } from 'react';
import { lazyAntd } from '@/app/providers/lazyAntd';

// Rare, and antd's Result is large: the screen's code loads when a screen is refused.
const NoAccessResult = lazyAntd(() => import('./NoAccessResult'), 'NoAccessResult');

/**
 * A screen the user may not use, opened by its address (the menu never offers it). Reloading cannot
 * help, so instead of an error with 再読み込み it says why and leads back to the user's home.
 */
export function NoAccess() {
  return (
    <Suspense fallback={null}>
      <NoAccessResult />
    </Suspense>
  );
}
