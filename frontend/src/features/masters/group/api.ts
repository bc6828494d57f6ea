import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import { DELETED, SAVED } from '../common/messages';
import type { Group, GroupInput } from '../common/types';
import type { Page } from '@/shared/list/types';

// The group calls (backend/api/openapi.yaml, tag group).

export interface GroupListQuery {
  searchText?: string | undefined;
  page: number;
  size: number;
}

export const groupApi = {
  list: (query: GroupListQuery): Promise<Page<Group>> =>
    fetchData(() => api.GET('/api/group', { params: { query: definedQuery(query) } })),
  get: (groupId: number): Promise<Group> =>
    fetchData(() => api.GET('/api/group/{groupId}', { params: { path: { groupId } } })),
  create: (body: GroupInput) => send(() => api.POST('/api/group', { body }), { successText: SAVED }),
  /** Renames, and moves the group with its subtree when the parent changes. */
  update: (groupId: number, body: GroupInput & { version: number }) =>
    send(() => api.PUT('/api/group/{groupId}', { params: { path: { groupId } }, body }), { successText: SAVED }),
  /** Refused (422, with the reason) while the group has child groups, stores or users. */
  remove: (groupId: number) =>
    send(() => api.DELETE('/api/group/{groupId}', { params: { path: { groupId } } }), { successText: DELETED }),
};
