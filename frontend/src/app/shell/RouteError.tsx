import type { ErrorComponentProps } from '@tanstack/react-router';
import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { isForbidden } from '@/lib/api/send';
import { browser } from '@/lib/browser';
import { isRouteLoadError, reloadAfterLoadFailure, reloadAllowed } from '@/lib/routing/reloadGuard';
import { NoAccess } from './NoAccess';

/**
 * A route that failed. docs/product/errors.md: when its code could not be loaded (a new release replaced
 * it), the page reloads at this path, at most once per 10 s; otherwise, or within those 10 s,
 * the error is shown with a way to try again.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const loadFailure = isRouteLoadError(error);
  // Decided once for this error: reload (and show nothing meanwhile) or explain.
  const [reloading] = useState(() => loadFailure && reloadAllowed());
  useEffect(() => {
    if (reloading) reloadAfterLoadFailure();
  }, [reloading]);
  if (reloading) return null;
  if (isForbidden(error)) return <NoAccess />;
  return (
    <Alert
      type="error"
      showIcon
      title="画面を表示できませんでした。"
      description={loadFailure ? '時間をおいて再読み込みしてください。' : error instanceof Error ? error.message : String(error)}
      action={
        <Button
          onClick={() => {
            if (loadFailure) browser.reload();
            else reset();
          }}
        >
          再読み込み
        </Button>
      }
    />
  );
}
