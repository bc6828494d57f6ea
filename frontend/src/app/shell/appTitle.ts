/** Shown while the server's app name is unknown (not loaded yet, or the call failed). */
export const FALLBACK_APP_NAME = 'ROUDER';

/** docs/product/shell.md: the title while the login screen stands in for a route. */
export const LOGIN_TITLE_PREFIX = 'ログイン | ';

export function displayAppName(serverAppName: string | undefined): string {
  return serverAppName?.trim() || FALLBACK_APP_NAME;
}

/**
 * docs/product/shell.md: the document title is the app name, prefixed by the page's title and joined
 * with ' | ' ("チェック状況 | ROUDER"); a page without a title shows the app name alone. While the
 * login screen is shown instead of the page, the whole is prefixed with 'ログイン | '.
 */
export function composeDocumentTitle(
  serverAppName: string | undefined,
  pageTitle: string | undefined,
  { login = false }: { login?: boolean } = {},
): string {
  const appName = displayAppName(serverAppName);
  const title = pageTitle?.trim();
  const composed = title ? `${title} | ${appName}` : appName;
  return login ? LOGIN_TITLE_PREFIX + composed : composed;
}
