import { Card, Skeleton } from 'antd';
import { MasterPage } from './MasterPage';
import { isNotFound } from '@/lib/api/send';
import { QueryError } from '@/shared/feedback/QueryError';
import { RecordNotFound } from '@/shared/feedback/RecordNotFound';

/** A read a form screen waits for (a TanStack query). */
interface Read {
  error: unknown;
  refetch: () => unknown;
}

/**
 * A form screen while what it edits is read: the first failed read with a retry (a record that is
 * not there with the way back to its list instead), else a skeleton of about `rows` lines.
 */
export function FormLoading({ title, failed, rows = 8 }: { title: string; failed?: Read | undefined; rows?: number }) {
  return (
    <MasterPage title={title}>
      {failed && isNotFound(failed.error) ? (
        <RecordNotFound error={failed.error} />
      ) : failed ? (
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
