import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import { DELETED, SAVED } from '../common/messages';
import type { Page } from '@/shared/list/types';
import type { User, UserAttribute, UserInput, UserUpdate } from './types';

// The user calls (backend/api/openapi.yaml, tag user). Reads throw an ApiError for the query
// cache; saves and deletes answer an outcome whose toast the screen shows.

export interface UserListQuery {
  searchText?: string | undefined;
  authorityName?: string | undefined;
  groupId?: number | undefined;
  attributeId?: number | undefined;
  sortBy: 'userAccount' | 'name' | 'groupName';
  descending: boolean;
  page: number;
  size: number;
}

export const userApi = {
  list: (query: UserListQuery): Promise<Page<User>> =>
    fetchData(() => api.GET('/api/user', { params: { query: definedQuery(query) } })),
  get: (userId: number): Promise<User> => fetchData(() => api.GET('/api/user/{userId}', { params: { path: { userId } } })),
  create: (body: UserInput) => send(() => api.POST('/api/user', { body }), { successText: SAVED }),
  update: (userId: number, body: UserUpdate) =>
    send(() => api.PUT('/api/user/{userId}', { params: { path: { userId } }, body }), { successText: SAVED }),
  remove: (userId: number) =>
    send(() => api.DELETE('/api/user/{userId}', { params: { path: { userId } } }), { successText: DELETED }),

  listAttributes: (): Promise<UserAttribute[]> => fetchData(() => api.GET('/api/user/attribute')),
  createAttribute: (label: string) => send(() => api.POST('/api/user/attribute', { body: { label } }), { successText: SAVED }),
  renameAttribute: (userAttributeId: number, label: string) =>
    send(
      () => api.PUT('/api/user/attribute/{userAttributeId}', { params: { path: { userAttributeId } }, body: { label } }),
      { successText: SAVED },
    ),
  removeAttribute: (userAttributeId: number) =>
    send(() => api.DELETE('/api/user/attribute/{userAttributeId}', { params: { path: { userAttributeId } } }), {
      successText: DELETED,
    }),
};
