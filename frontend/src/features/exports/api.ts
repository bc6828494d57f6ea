import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import { DELETED } from '@/features/masters/common/messages';
import type { HistoryExportInput, HistoryFilePage, HistoryType } from './types';

// The export calls (backend/api/openapi.yaml, tag history_export).

/** Said when a request is taken: the file is made afterwards, in the list below. */
export const EXPORT_REQUESTED = 'エクスポートを受け付けました。作成が終わるとダウンロードできます。';

export interface HistoryFileListQuery {
  createDateFrom?: string | undefined;
  createDateTo?: string | undefined;
  historyType?: HistoryType | undefined;
  page: number;
  size: number;
}

export const exportApi = {
  /** A page of files; the page also says whether the user may ask for mail addresses (mailAllowed). */
  list: (query: HistoryFileListQuery): Promise<HistoryFilePage> =>
    fetchData(() => api.GET('/api/history_export/file', { params: { query: definedQuery(query) } })),
  request: (body: HistoryExportInput) =>
    send(() => api.POST('/api/history_export/file', { body }), { successText: EXPORT_REQUESTED }),
  remove: (fileId: number) =>
    send(() => api.DELETE('/api/history_export/file/{fileId}', { params: { path: { fileId } } }), {
      successText: DELETED,
    }),
};

/** The made file's address, for a download by browser navigation (the session cookie goes along). */
export function downloadUrl(fileId: number, organizationId: number): string {
  return `/api/history_export/file/${String(fileId)}/download?ORG_ID=${String(organizationId)}`;
}

/** Whether a read page says the user may include customers' mail addresses. */
export function mailAllowed(page: object | undefined): boolean {
  return page !== undefined && 'mailAddressAllowed' in page && page.mailAddressAllowed === true;
}
