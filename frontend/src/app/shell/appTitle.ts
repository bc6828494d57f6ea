/** Shown while the server's app name is unknown (not loaded yet, or the call failed). */
export const FALLBACK_APP_NAME = 'ROUDER';

export function displayAppName(serverAppName: string | undefined): string {
  return serverAppName?.trim() || FALLBACK_APP_NAME;
}

/**
 * SPEC section 2: the document title is the app name, prefixed by the page's title and joined
 * with ' | ' ("チェック状況 | ROUDER"); a page without a title shows the app name alone.
 */
export function composeDocumentTitle(serverAppName: string | undefined, pageTitle: string | undefined): string {
  const appName = displayAppName(serverAppName);
  const title = pageTitle?.trim();
  return title ? `${title} | ${appName}` : appName;
}
