import type { Middleware } from 'openapi-fetch';

/**
 * Adds `ORG_ID=<organization>` to every request under /api/ (docs/product/errors.md): the server
 * resolves the acting organization from it. Other paths (/login, /unique_range …) go as they are.
 */
export function orgIdMiddleware(currentOrganizationId: () => number | null): Middleware {
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      const organizationId = currentOrganizationId();
      if (!url.pathname.startsWith('/api/') || organizationId === null) return undefined;
      url.searchParams.set('ORG_ID', String(organizationId));
      return withUrl(request, url);
    },
  };
}

/**
 * A Request's URL cannot be changed, so this copies it. The body is buffered: handing over
 * `request.body` would make it a stream, which browsers only send with `duplex: 'half'` over
 * HTTP/2.
 */
async function withUrl(request: Request, url: URL): Promise<Request> {
  const body = request.body === null ? null : await request.blob();
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    keepalive: request.keepalive,
    signal: request.signal,
  });
}
