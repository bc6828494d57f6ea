import { api } from '@/lib/api/client';
import { fetchData, send } from '@/lib/api/send';
import { definedQuery } from '@/shared/list/listSearch';
import type { ImprovementSortKey } from './schema';
import type {
  ImprovementChange,
  ImprovementCreate,
  ImprovementDetail,
  ImprovementPage,
  ImprovementStatus,
  ImprovementStep,
} from './types';

// The improvement report calls (backend/api/openapi.yaml, tag improvement).

export interface ImprovementListQuery {
  statusMap?: ImprovementStatus[] | undefined;
  isUnreadOnly: boolean;
  isTargetUnread: boolean;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  includesUnrelated: boolean;
  searchText?: string | undefined;
  sortBy: ImprovementSortKey;
  descending: boolean;
  facilityId?: number | undefined;
  page: number;
  size: number;
}

export const improvementApi = {
  list: (query: ImprovementListQuery): Promise<ImprovementPage> =>
    fetchData(() => api.GET('/api/improvement', { params: { query: definedQuery(query) } })),
  waiting: (): Promise<number> =>
    fetchData(() => api.GET('/api/improvement/waiting')).then((data) => data.waitingCount),
  detail: (improvementId: number): Promise<ImprovementDetail> =>
    fetchData(() => api.GET('/api/improvement/{improvementId}', { params: { path: { improvementId } } })),
  assignees: (improvementId: number, searchText: string | undefined) =>
    fetchData(() =>
      api.GET('/api/improvement/{improvementId}/assignee', { params: { path: { improvementId }, query: definedQuery({ searchText }) } }),
    ),
  read: (improvementId: number) =>
    send(() => api.POST('/api/improvement/{improvementId}/read', { params: { path: { improvementId } } })),
  act: (improvementId: number, body: ImprovementStep) =>
    send(() => api.POST('/api/improvement/{improvementId}/event', { params: { path: { improvementId } }, body }), {
      successText: '改善報告を更新しました。',
    }),
  update: (improvementId: number, body: ImprovementChange) =>
    send(() => api.PUT('/api/improvement/{improvementId}', { params: { path: { improvementId } }, body }), {
      successText: '改善報告を更新しました。',
    }),
  create: (body: ImprovementCreate) =>
    send(() => api.POST('/api/improvement', { body }), { successText: '改善報告を作成しました。' }),
};
