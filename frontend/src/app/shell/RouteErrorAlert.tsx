import { Alert, Button } from 'antd';
import type { RouteErrorText } from './RouteError';

/** RouteError's explanation in antd's Alert, with its 再読み込み button. */
export function RouteErrorAlert({ title, description, retryLabel, retry }: RouteErrorText) {
  return (
    <Alert type="error" showIcon title={title} description={description} action={<Button onClick={retry}>{retryLabel}</Button>} />
  );
}
