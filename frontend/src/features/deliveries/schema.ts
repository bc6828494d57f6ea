import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { optionalEnumParam, optionalTextParam, pageParam, sizeParam } from '@/shared/list/listSearch';

export const DELIVERY_STATUSES = ['SENT', 'WAITING', 'RETRYING', 'FAILED', 'MISSED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, { label: string; color: string }> = {
  SENT: { label: '送信済み', color: 'success' },
  WAITING: { label: '送信待ち', color: 'default' },
  RETRYING: { label: '再送中', color: 'warning' },
  FAILED: { label: '送信できず', color: 'error' },
  MISSED: { label: '見送り（停止中に期限切れ）', color: 'default' },
};

/** What a delivery carries: a scheduled notice, or other mail (sign-in codes, passwords). */
export const DELIVERY_KIND_LABELS: Record<string, string> = {
  MAIL: 'メール',
  CHECK_START: 'チェック開始',
  CHECK_REMINDER: 'チェックリマインド',
  IMPROVEMENT_REMINDER: '改善報告リマインド',
  ESCALATION: '期限超過',
};

/** The search state of /system/push_history/: status and text filters, the page. */
export const deliverySearchSchema = searchSchema({
  status: optionalEnumParam(DELIVERY_STATUSES),
  searchText: optionalTextParam,
  page: pageParam,
  size: sizeParam,
});
export type DeliverySearch = SearchOutput<typeof deliverySearchSchema>;
export const DELIVERY_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<DeliverySearch>;
