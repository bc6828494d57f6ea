import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import type { components } from '@/lib/api/schema.gen';

// The store's answering calls (backend/api/openapi.yaml, tag check). Reads throw an ApiError for
// the query cache; a save answers an outcome whose toast the screen shows.

type Schemas = components['schemas'];
export type OpenCheck = Schemas['OpenCheck'];
export type CheckSheet = Schemas['CheckSheet'];
export type SheetCategory = Schemas['SheetCategory'];
export type SheetItem = Schemas['SheetItem'];
export type CheckAnswer = Schemas['CheckAnswer'];
export type CheckChoice = Schemas['CheckChoice'];
export type Photo = Schemas['Photo'];
export type Progress = OpenCheck['progress'];

/** The server's success texts of PUT /api/check/sheet/{periodId} (its envelope `message`). */
export const DRAFT_SAVED = '下書きを保存しました。';
export const SUBMITTED = '提出しました。';

export const answerApi = {
  open: (): Promise<OpenCheck[]> => fetchData(() => api.GET('/api/check/open')),
  sheet: (periodId: number): Promise<CheckSheet> =>
    fetchData(() => api.GET('/api/check/sheet/{periodId}', { params: { path: { periodId } } })),
  save: (periodId: number, body: { version: number; submit: boolean; answerList: CheckAnswer[] }) =>
    send(() => api.PUT('/api/check/sheet/{periodId}', { params: { path: { periodId } }, body }), {
      successText: body.submit ? SUBMITTED : DRAFT_SAVED,
    }),
};
