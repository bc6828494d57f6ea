import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Spin, theme } from 'antd';
import { Suspense, useState } from 'react';
import { displayAppName } from '@/app/shell/appTitle';
import { Logo } from '@/app/shell/Logo';
import { useServerAppName } from '@/features/constants/queries';
import { LoginForm } from './LoginForm';
import { mfaRequiredQueryOptions, uniqueRangeQueryOptions } from './queries';
import { lazyNamed } from '@/lib/lazyNamed';

// The sign-in screen is the first most visits load: the e-mail code step, shown to fewer, is a chunk
// of its own, and the card's texts are plain elements styled by the theme (antd's Typography brings
// its editing and copying code along; docs/benchmarks.md).
const MfaForm = lazyNamed(() => import('./MfaForm'), 'MfaForm');

/**
 * docs/product/shell.md: a card with the logo, showing either the e-mail code step (when this browser's
 * sign-in waits for it, also after a reload) or the login form. Errors of either step appear in
 * one alert on the card, in the server's words.
 */
export function LoginScreen() {
  const { token } = theme.useToken();
  const appName = displayAppName(useServerAppName());
  const uniqueRange = useQuery(uniqueRangeQueryOptions);
  const mfaRequired = useQuery(mfaRequiredQueryOptions);
  const [error, setError] = useState<string | null>(null);
  const ready = !uniqueRange.isPending && !mfaRequired.isPending;

  return (
    <Flex
      justify="center"
      align="center"
      style={{ minHeight: '100vh', padding: token.paddingMD, background: token.colorBgLayout }}
    >
      <section
        aria-label="ログイン"
        style={{
          width: 400,
          maxWidth: '100%',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Flex vertical align="center" gap="small" style={{ marginBottom: token.marginLG }}>
          <Logo size={56} />
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {appName}
          </h1>
          <span style={{ color: token.colorTextSecondary }}>{mfaRequired.data ? 'メール認証' : 'ログイン'}</span>
        </Flex>
        {error !== null && (
          <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: token.marginMD }} />
        )}
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
    </Flex>
  );
}

function Spinner() {
  return (
    <Flex justify="center">
      <Spin />
    </Flex>
  );
}
