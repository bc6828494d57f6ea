import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import type { components } from '@/lib/api/schema.gen';
import { DELETED } from '@/features/masters/common/messages';

// The manuals screen's calls (backend/api/openapi.yaml, tag system).
type Schemas = components['schemas'];
export type SystemSupportFile = Schemas['SystemSupportFile'];
export type SupportFileType = Schemas['SupportFileType'];

export const SUPPORT_FILE_TYPES = ['MANUAL', 'FAQ', 'NOTICE'] as const satisfies readonly SupportFileType[];
export const SUPPORT_FILE_TYPE_LABELS: Record<SupportFileType, string> = {
  MANUAL: 'マニュアル',
  FAQ: 'よくある質問',
  NOTICE: 'お知らせ',
};

/** Said when a file is stored. */
export const MANUAL_SAVED = '保存しました。';

export const supportFileApi = {
  list: (query: { page: number; size: number }) =>
    fetchData(() => api.GET('/api/system/support_file', { params: { query } })),
  upload: ({ file, supportFileType, published }: { file: File; supportFileType: SupportFileType; published: boolean }) =>
    send(
      () =>
        api.POST('/api/system/support_file', {
          body: { file: '', supportFileType },
          bodySerializer: () => {
            const form = new FormData();
            form.append('file', file, file.name);
            form.append('supportFileType', supportFileType);
            form.append('published', String(published));
            return form;
          },
        }),
      { successText: MANUAL_SAVED },
    ),
  change: ({ fileId, supportFileType, published }: { fileId: number; supportFileType: SupportFileType; published: boolean }) =>
    send(() => api.PUT('/api/system/support_file/{fileId}', { params: { path: { fileId } }, body: { supportFileType, published } }), {
      successText: MANUAL_SAVED,
    }),
  remove: (fileId: number) =>
    send(() => api.DELETE('/api/system/support_file/{fileId}', { params: { path: { fileId } } }), { successText: DELETED }),
};

/** The administrator's download of any manual (browser navigation). */
export function manualDownloadUrl(fileId: number, organizationId: number): string {
  return `/api/system/support_file/${String(fileId)}/download?ORG_ID=${String(organizationId)}`;
}
