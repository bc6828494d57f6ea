import { Card, Skeleton } from 'antd';
import { MasterPage } from './MasterPage';
import { QueryError } from '@/shared/feedback/QueryError';

/** A read a form screen waits for (a TanStack query). */
interface Read {
  error: unknown;
  refetch: () => unknown;
}

/**
 * A form screen while what it edits is read: the first failed read with a retry, else a skeleton
 * of about `rows` lines.
 */
export function FormLoading({ title, failed, rows = 8 }: { title: string; failed?: Read | undefined; rows?: number }) {
  return (
    <MasterPage title={title}>
      {failed ? (
        <QueryError
          error={failed.error}
          onRetry={() => {
            void failed.refetch();
          }}
        />
      ) : (
        <Card aria-busy="true">
          <Skeleton active paragraph={{ rows }} />
        </Card>
      )}
    </MasterPage>
  );
}
