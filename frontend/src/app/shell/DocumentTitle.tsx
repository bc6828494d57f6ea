import { useEffect } from 'react';
import { useServerAppName } from '@/features/constants/queries';
import { composeDocumentTitle } from './appTitle';
import { useRouteTitle } from './useRouteTitle';

/** Keeps `document.title` in step with the route and the server's app name. */
export function DocumentTitle() {
  const appName = useServerAppName();
  const routeTitle = useRouteTitle();
  useEffect(() => {
    document.title = composeDocumentTitle(appName, routeTitle);
  }, [appName, routeTitle]);
  return null;
}
