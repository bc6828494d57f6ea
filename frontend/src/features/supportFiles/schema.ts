import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { pageParam, sizeParam } from '@/shared/list/listSearch';

/** The search state of /system/support_file/: the page. */
export const supportFileSearchSchema = searchSchema({ page: pageParam, size: sizeParam });
export type SupportFileSearch = SearchOutput<typeof supportFileSearchSchema>;
export const SUPPORT_FILE_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<SupportFileSearch>;
