import { ComingSoon } from './ComingSoon';
import { useRouteTitle } from './useRouteTitle';

/** Route component for screens not built yet: the route's own title, marked as coming. */
export function RoutePlaceholder() {
  return <ComingSoon title={useRouteTitle() ?? ''} />;
}
