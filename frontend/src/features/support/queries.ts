import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { send } from '@/lib/api/send';
import type { SupportFile } from '@/lib/api/types';

/** GET /api/support/file, asked each time the support dialog opens. A failure is an empty list (docs/product/errors.md). */
export const supportFilesQueryOptions = queryOptions({
  queryKey: ['session', 'supportFiles'],
  queryFn: async (): Promise<SupportFile[]> => {
    const outcome = await send(() => api.GET('/api/support/file'));
    return outcome.ok ? outcome.data : [];
  },
  staleTime: 0,
});
