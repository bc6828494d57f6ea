import { useEffect } from 'react';
import { useServerAppName } from '@/features/constants/queries';
import { usePageTitleOverride } from '@/lib/session/pageTitle';
import { composeDocumentTitle } from './appTitle';
import { useRouteTitle } from './useRouteTitle';

/**
 * Keeps `document.title` in step with the route (or the title a screen set), the server's app
 * name, and whether the login screen stands in for the page.
 */
export function DocumentTitle({ login = false }: { login?: boolean }) {
  const appName = useServerAppName();
  const routeTitle = useRouteTitle();
  const override = usePageTitleOverride();
  useEffect(() => {
    document.title = composeDocumentTitle(appName, override ?? routeTitle, { login });
  }, [appName, routeTitle, override, login]);
  return null;
}
