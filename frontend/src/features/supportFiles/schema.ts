import * as z from 'zod/mini';
import { pageParam, sizeParam } from '@/shared/list/listSearch';

/** The search state of /system/support_file/: the page. */
export const supportFileSearchSchema = z.object({ page: pageParam, size: sizeParam });
export type SupportFileSearch = z.output<typeof supportFileSearchSchema>;
export const SUPPORT_FILE_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<SupportFileSearch>;
