import { Alert, Button } from 'antd';
import { errorText } from './errorText';
import { RELOAD } from './messages';

/** A list or record that could not be read, with a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
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
