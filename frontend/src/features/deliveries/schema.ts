import { z } from 'zod';
import { pageParam, sizeParam } from '@/shared/list/listSearch';

export const DELIVERY_STATUSES = ['SENT', 'WAITING', 'RETRYING'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, { label: string; color: string }> = {
  SENT: { label: '送信済み', color: 'success' },
  WAITING: { label: '送信待ち', color: 'default' },
  RETRYING: { label: '再送中', color: 'warning' },
};

/** The search state of /system/push_history/: status and text filters, the page. */
export const deliverySearchSchema = z.object({
  status: z.enum(DELIVERY_STATUSES).optional().catch(undefined),
  searchText: z.string().optional().catch(undefined),
  page: pageParam,
  size: sizeParam,
});
export type DeliverySearch = z.output<typeof deliverySearchSchema>;
export const DELIVERY_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<DeliverySearch>;
