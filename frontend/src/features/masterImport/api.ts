import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import type { MasterImportPage, MasterImportRowPage, MasterOp, MasterSet } from './types';

// The bulk registration calls (backend/api/openapi.yaml, tag master).

export interface RowQuery {
  set?: MasterSet | undefined;
  op?: MasterOp | undefined;
  page: number;
  size: number;
}

export const masterImportApi = {
  list: (query: { page: number; size: number }): Promise<MasterImportPage> =>
    fetchData(() => api.GET('/api/master/import', { params: { query } })),
  get: (importId: number) => fetchData(() => api.GET('/api/master/import/{importId}', { params: { path: { importId } } })),
  rows: (importId: number, query: RowQuery): Promise<MasterImportRowPage> =>
    fetchData(() => api.GET('/api/master/import/{importId}/rows', { params: { path: { importId }, query: definedQuery(query) } })),
  /** The file goes as multipart; the server reads it at once and answers a file it cannot read with the reason. */
  upload: ({ file, deleteSets }: { file: File; deleteSets: MasterSet[] }) =>
    send(() =>
      api.POST('/api/master/import', {
        body: { file: '', deleteSets: deleteSets.join(',') },
        bodySerializer: () => {
          const form = new FormData();
          form.append('file', file, file.name);
          form.append('deleteSets', deleteSets.join(','));
          return form;
        },
      }),
    ),
  apply: (importId: number) => send(() => api.POST('/api/master/import/{importId}/apply', { params: { path: { importId } } })),
};

const withOrg = (path: string, organizationId: number, extra = '') => `${path}?ORG_ID=${String(organizationId)}${extra}`;

/** Addresses of the downloads (browser navigation: the session cookie goes along). */
export const masterDownloads = {
  workbook: (organizationId: number) => withOrg('/api/master/workbook', organizationId),
  template: (organizationId: number) => withOrg('/api/master/workbook', organizationId, '&template=true'),
  upload: (importId: number, organizationId: number) => withOrg(`/api/master/import/${String(importId)}/file`, organizationId),
  preview: (importId: number, organizationId: number) => withOrg(`/api/master/import/${String(importId)}/preview`, organizationId),
  passwords: (importId: number, organizationId: number) => withOrg(`/api/master/import/${String(importId)}/passwords`, organizationId),
};
