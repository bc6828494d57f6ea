import { Suspense } from 'react';
import { lazyAntd } from '@/app/providers/lazyAntd';

// Rare, and antd's Result is large: its code loads when a record is not there.
const RecordNotFoundResult = lazyAntd(() => import('./RecordNotFoundResult'), 'RecordNotFoundResult');

/**
 * A record opened by its address that is not there (404: deleted, or a wrong id). Reading again
 * cannot help, so instead of an error with 再読み込み it says so and leads back to the record's list
 * (home for a screen of no list), as a path that is no route gets its "page not found".
 */
export function RecordNotFound({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <RecordNotFoundResult error={error} />
    </Suspense>
  );
}
