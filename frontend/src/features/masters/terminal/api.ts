import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import { DELETED, SAVED } from '../common/messages';
import type { Terminal, TerminalInput } from '../common/types';
import type { Page } from '@/shared/list/types';

// The terminal calls (backend/api/openapi.yaml, tag terminal). An organization whose check-in
// type is NO_TERMINAL answers 422 with the reason, for the list as for registering.

export interface TerminalListQuery {
  facilityId?: number | undefined;
  searchText?: string | undefined;
  page: number;
  size: number;
}

export const terminalApi = {
  list: (query: TerminalListQuery): Promise<Page<Terminal>> =>
    fetchData(() => api.GET('/api/terminal', { params: { query: definedQuery(query) } })),
  register: (body: TerminalInput) => send(() => api.POST('/api/terminal', { body }), { successText: SAVED }),
  /** By the registration's id (`terminalRowId`), not the device's. */
  remove: (terminalRowId: number) =>
    send(() => api.DELETE('/api/terminal/{terminalId}', { params: { path: { terminalId: terminalRowId } } }), {
      successText: DELETED,
    }),
};
