import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import type { components } from '@/lib/api/schema.gen';
import { definedQuery } from '@/shared/list/listSearch';
import { SAVED } from '../common/messages';
import type { Page } from '@/shared/list/types';

// The organization calls (backend/api/openapi.yaml, tag organization). Reads throw an ApiError
// for the query cache; saves answer an outcome whose toast the screen shows.

export type Organization = components['schemas']['Organization'];
export type OrganizationInput = components['schemas']['OrganizationInput'];
export type OrganizationUpdate = components['schemas']['OrganizationUpdate'];

export interface OrganizationListQuery {
  searchText?: string | undefined;
  showServiceEnd: boolean;
  page: number;
  size: number;
}

export const organizationApi = {
  list: (query: OrganizationListQuery): Promise<Page<Organization>> =>
    fetchData(() => api.GET('/api/organization', { params: { query: definedQuery(query) } })),
  get: (organizationId: number): Promise<Organization> =>
    fetchData(() => api.GET('/api/organization/{organizationId}', { params: { path: { organizationId } } })),
  create: (body: OrganizationInput) => send(() => api.POST('/api/organization', { body }), { successText: SAVED }),
  update: (organizationId: number, body: OrganizationUpdate) =>
    send(() => api.PUT('/api/organization/{organizationId}', { params: { path: { organizationId } }, body }), {
      successText: SAVED,
    }),
};
