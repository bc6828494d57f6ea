import { Alert, Button } from 'antd';
import { NoAccess } from '@/app/shell/NoAccess';
import { isForbidden } from '@/lib/api/send';
import { errorText } from './errorText';
import { RELOAD } from './texts';

/** A list or record that could not be read, with a retry; one the user may not read, without. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isForbidden(error)) return <NoAccess />;
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
