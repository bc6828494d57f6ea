import type { ErrorComponentProps } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { lazyAntd } from '@/app/providers/lazyAntd';
import { isForbidden } from '@/lib/api/send';
import { browser } from '@/lib/browser';
import { isRouteLoadError, reloadAfterLoadFailure, reloadAllowed } from '@/lib/routing/reloadGuard';
import { NoAccess } from './NoAccess';

export interface RouteErrorText {
  title: string;
  description: string;
  retryLabel: string;
  retry: () => void;
}

/** Said in plain elements when even the alert's code cannot load (the line is down). */
function PlainRouteError({ title, description, retryLabel, retry }: RouteErrorText) {
  return (
    <div role="alert">
      <p>
        <strong>{title}</strong>
      </p>
      <p>{description}</p>
      <button type="button" onClick={retry}>
        {retryLabel}
      </button>
    </div>
  );
}

const RouteErrorAlert = lazyAntd(() => import('./RouteErrorAlert'), 'RouteErrorAlert', PlainRouteError);

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
    <Suspense fallback={null}>
      <RouteErrorAlert
        title="画面を表示できませんでした。"
        description={loadFailure ? '時間をおいて再読み込みしてください。' : error instanceof Error ? error.message : String(error)}
        retryLabel="再読み込み"
        retry={() => {
          if (loadFailure) browser.reload();
          else reset();
        }}
      />
    </Suspense>
  );
}
