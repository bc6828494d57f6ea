import type { Page } from 'playwright-core';

/** An answer a test expects to fail (the browser logs every 4xx as a console error). */
export interface ExpectedFailure {
  status: number;
  /** Path of the request, e.g. /api/login_user; a prefix when it ends with '/'. */
  path: string;
}

/** Signed out, the console asks who is signed in and hears 401: that is how it knows. */
export const SIGNED_OUT_PROBE: ExpectedFailure = { status: 401, path: '/api/login_user' };

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})/;

/**
 * Collects uncaught exceptions and console errors of a page. `unexpected()` lists those not
 * explained by an expected failed request; a test ends with none.
 */
export function watchPage(page: Page) {
  const errors: { text: string; url: string }[] = [];
  page.on('pageerror', (error) => errors.push({ text: error.message, url: '' }));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push({ text: message.text(), url: message.location().url });
  });
  return {
    unexpected(expected: readonly ExpectedFailure[] = []): string[] {
      return errors
        .filter(({ text, url }) => {
          const status = FAILED_RESOURCE.exec(text)?.[1];
          if (status === undefined || !url) return true;
          const path = new URL(url).pathname;
          return !expected.some(
            (failure) =>
              String(failure.status) === status &&
              (failure.path.endsWith('/') ? path.startsWith(failure.path) : path === failure.path),
          );
        })
        .map(({ text, url }) => (url ? `${text} (${url})` : text));
    },
  };
}
