import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { displayAppName } from '@/app/shell/appTitle';
import { Logo } from '@/app/shell/Logo';
import { useServerAppName } from '@/features/constants/queries';
import { LoginForm } from './LoginForm';
import { MfaForm } from './MfaForm';
import { mfaRequiredQueryOptions, uniqueRangeQueryOptions } from './queries';

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
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
            {appName}
          </Typography.Title>
          <Typography.Text type="secondary">{mfaRequired.data ? 'メール認証' : 'ログイン'}</Typography.Text>
        </Flex>
        {error !== null && (
          <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: token.marginMD }} />
        )}
        {!ready ? (
          <Flex justify="center">
            <Spin />
          </Flex>
        ) : mfaRequired.data ? (
          <MfaForm onError={setError} />
        ) : (
          <LoginForm uniqueRange={uniqueRange.data ?? 'ORGANIZATION'} onError={setError} />
        )}
      </section>
    </Flex>
  );
}
