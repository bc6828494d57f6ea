import { Alert, Button } from 'antd';
import { NoAccess } from '@/app/shell/NoAccess';
import { isForbidden, isNotFound } from '@/lib/api/send';
import { errorText } from './errorText';
import { NOT_FOUND_HINT, RELOAD } from './texts';

/**
 * A list or record that could not be read, with a retry; one the user may not read, without; one
 * that is not there (404), without either (reading again cannot bring it back): the screen around
 * it offers the way back (FormLoading, or the detail screen's own 一覧に戻る).
 */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isForbidden(error)) return <NoAccess />;
  if (isNotFound(error)) return <Alert type="warning" showIcon title={errorText(error)} description={NOT_FOUND_HINT} />;
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(error)}
      action={
        <Button size="small" onClick={onRetry}>
          {RELOAD}
        </Button>
      }
    />
  );
}
