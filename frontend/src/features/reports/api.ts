import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { DELETED } from '@/features/masters/common/messages';
import { definedQuery } from '@/shared/list/listSearch';
import type { Page } from '@/shared/list/types';
import type { ReportFile, ReportInput, ReportType } from './types';

// The report calls (backend/api/openapi.yaml, tag report).

/** Said when a request is taken: the PDF is made afterwards, in the list below. */
export const REPORT_REQUESTED = 'レポートの作成を受け付けました。作成が終わるとダウンロードできます。';

export interface ReportFileListQuery {
  reportType?: ReportType | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  page: number;
  size: number;
}

export const reportApi = {
  list: (query: ReportFileListQuery): Promise<Page<ReportFile>> =>
    fetchData(() => api.GET('/api/report/file', { params: { query: definedQuery(query) } })),
  request: (body: ReportInput) => send(() => api.POST('/api/report/file', { body }), { successText: REPORT_REQUESTED }),
  remove: (fileId: number) =>
    send(() => api.DELETE('/api/report/file/{fileId}', { params: { path: { fileId } } }), { successText: DELETED }),
};

/** The made PDF's address, for a download by browser navigation. */
export function reportDownloadUrl(fileId: number, organizationId: number): string {
  return `/api/report/file/${String(fileId)}/download?ORG_ID=${String(organizationId)}`;
}
