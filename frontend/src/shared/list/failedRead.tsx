import type { ReactElement } from 'react';
import { QueryError } from '@/shared/feedback/QueryError';

/** What a list shows in place of its rows when `query` failed before it had any. */
export function failedRead(query: {
  isError: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}): ReactElement | undefined {
  if (!query.isError || query.data !== undefined) return undefined;
  return (
    <QueryError
      error={query.error}
      onRetry={() => {
        void query.refetch();
      }}
    />
  );
}
