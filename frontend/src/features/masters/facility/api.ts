import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import { DELETED, SAVED } from '../common/messages';
import type { Facility, FacilityInput, FacilityItem, FacilityAttribute } from '../common/types';
import type { Page } from '@/shared/list/types';

// The store calls (backend/api/openapi.yaml, tag facility). Reads throw an ApiError for the
// query cache; saves and deletes answer an outcome whose toast the screen shows.

export interface FacilityListQuery {
  searchText?: string | undefined;
  groupId?: number | undefined;
  attributeId?: number | undefined;
  sortBy: 'facilityNameKana' | 'facilityName' | 'groupName' | 'externalDataId';
  descending: boolean;
  page: number;
  size: number;
}

export const facilityApi = {
  list: (query: FacilityListQuery): Promise<Page<FacilityItem>> =>
    fetchData(() => api.GET('/api/facility', { params: { query: definedQuery(query) } })),
  get: (facilityId: number): Promise<Facility> =>
    fetchData(() => api.GET('/api/facility/{facilityId}', { params: { path: { facilityId } } })),
  create: (body: FacilityInput) => send(() => api.POST('/api/facility', { body }), { successText: SAVED }),
  update: (facilityId: number, body: FacilityInput & { version: number }) =>
    send(() => api.PUT('/api/facility/{facilityId}', { params: { path: { facilityId } }, body }), { successText: SAVED }),
  remove: (facilityId: number) =>
    send(() => api.DELETE('/api/facility/{facilityId}', { params: { path: { facilityId } } }), { successText: DELETED }),

  listAttributes: (): Promise<FacilityAttribute[]> => fetchData(() => api.GET('/api/facility/attribute')),
  createAttribute: (label: string) =>
    send(() => api.POST('/api/facility/attribute', { body: { label } }), { successText: SAVED }),
  renameAttribute: (facilityAttributeId: number, label: string) =>
    send(
      () =>
        api.PUT('/api/facility/attribute/{facilityAttributeId}', {
          params: { path: { facilityAttributeId } },
          body: { label },
        }),
      { successText: SAVED },
    ),
  removeAttribute: (facilityAttributeId: number) =>
    send(
      () => api.DELETE('/api/facility/attribute/{facilityAttributeId}', { params: { path: { facilityAttributeId } } }),
      { successText: DELETED },
    ),
};
