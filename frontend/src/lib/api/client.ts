import createClient from 'openapi-fetch';
import { getCurrentOrganizationId } from '@/lib/session/currentOrganization';
import { orgIdMiddleware } from './orgIdMiddleware';
import type { paths } from './schema.gen';

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * A client typed by the OpenAPI contract. Absolute URLs on the page's own origin, because the
 * console and its API are served together. `fetch` is looked up per call (not captured once)
 * so tests can stub the global.
 */
export function createApiClient(options: { fetch?: (request: Request) => Promise<Response> } = {}) {
  const client = createClient<paths>({
    baseUrl: window.location.origin,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  });
  client.use(orgIdMiddleware(getCurrentOrganizationId));
  return client;
}

/** The one client the app uses; features call it through `send`. */
export const api = createApiClient();
