import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Space, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { MFA_CODE_LENGTH } from '@/lib/constants';
import { API_MESSAGES } from '@/lib/api/messages';
import { authenticateMfa, logout } from './api';
import { sessionKeys } from './queries';
import { completeSignIn } from './session';

interface Props {
  onError: (message: string | null) => void;
}

/**
 * The e-mail code step (SPEC section 4): the code is sent as soon as it has six characters; a
 * refused code is cleared and the field focused again. A 401 means the attempt is over (too many
 * tries, or expired): back to the password step. Cancel logs out.
 */
export function MfaForm({ onError }: Props) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<InputRef>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  // Focus once the field is enabled again (a disabled input cannot take focus).
  useEffect(() => {
    if (!submitting) input.current?.focus();
  }, [submitting, focusRequest]);

  const submit = async (value: string) => {
    setSubmitting(true);
    try {
      const outcome = await authenticateMfa(value);
      if (outcome.ok) {
        onError(null);
        await completeSignIn(queryClient);
        return;
      }
      // A wrong code comes as invalid input whose field message says so; prefer it.
      onError(outcome.failure.fieldErrors?.code ?? outcome.failure.message);
      setCode('');
      setFocusRequest((n) => n + 1);
      if (outcome.failure.code === 401) queryClient.setQueryData(sessionKeys.mfaRequired, false);
    } catch (error) {
      onError(error instanceof Error ? error.message : API_MESSAGES.noResponse);
    } finally {
      setSubmitting(false);
    }
  };

  const change = (value: string) => {
    const next = value.trim().slice(0, MFA_CODE_LENGTH);
    setCode(next);
    if (next.length === MFA_CODE_LENGTH && !submitting) void submit(next);
  };

  const cancel = async () => {
    setSubmitting(true);
    try {
      await logout();
      onError(null);
      queryClient.setQueryData(sessionKeys.mfaRequired, false);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ margin: 0 }}>
        メールアドレスに認証コードを送信しました。メールに記載された{MFA_CODE_LENGTH}桁のコードを入力してください。
      </Typography.Paragraph>
      <Input
        ref={input}
        value={code}
        onChange={(event) => {
          change(event.target.value);
        }}
        maxLength={MFA_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        aria-label="認証コード"
        size="large"
        disabled={submitting}
        style={{ letterSpacing: '0.5em', textAlign: 'center', fontSize: 20 }}
      />
      <Button block onClick={() => void cancel()} disabled={submitting}>
        キャンセル
      </Button>
    </Space>
  );
}
