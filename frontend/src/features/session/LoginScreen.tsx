import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { ErrorAlert } from '@/app/plain/controls';
import { Spin } from '@/app/plain/Spin';
import { displayAppName } from '@/app/shell/appTitle';
import { Logo } from '@/app/shell/Logo';
import { useServerAppName } from '@/features/constants/queries';
import { LoginForm } from './LoginForm';
import { mfaRequiredQueryOptions, uniqueRangeQueryOptions } from './queries';
import { lazyNamed } from '@/lib/lazyNamed';
import './signIn.css';

// The sign-in screen is the first most visits load: it draws without antd (app/plain: antd's core and
// Form would more than double what it loads), and the e-mail code step, shown to fewer, is a chunk of
// its own (docs/benchmarks.md).
const MfaForm = lazyNamed(() => import('./MfaForm'), 'MfaForm');

/**
 * docs/product/shell.md: a card with the logo, showing either the e-mail code step (when this browser's
 * sign-in waits for it, also after a reload) or the login form. Errors of either step appear in
 * one alert on the card, in the server's words.
 */
export function LoginScreen() {
  const appName = displayAppName(useServerAppName());
  const uniqueRange = useQuery(uniqueRangeQueryOptions);
  const mfaRequired = useQuery(mfaRequiredQueryOptions);
  const [error, setError] = useState<string | null>(null);
  const ready = !uniqueRange.isPending && !mfaRequired.isPending;

  return (
    <div className="rd-sign-in">
      <section aria-label="ログイン" className="rd-sign-in-card">
        <div className="rd-sign-in-head">
          <Logo size={56} />
          <h1>{appName}</h1>
          <span className="rd-secondary">{mfaRequired.data ? 'メール認証' : 'ログイン'}</span>
        </div>
        {error !== null && <ErrorAlert>{error}</ErrorAlert>}
        {!ready ? (
          <Spinner />
        ) : mfaRequired.data ? (
          <Suspense fallback={<Spinner />}>
            <MfaForm onError={setError} />
          </Suspense>
        ) : (
          <LoginForm uniqueRange={uniqueRange.data ?? 'ORGANIZATION'} onError={setError} />
        )}
      </section>
    </div>
  );
}

function Spinner() {
  return (
    <div className="rd-sign-in-spin">
      <Spin />
    </div>
  );
}
