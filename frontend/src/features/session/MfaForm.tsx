import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/app/plain/controls';
import { MFA_CODE_LENGTH } from '@/lib/constants';
import { API_MESSAGES } from '@/lib/api/messages';
import { dayjs } from '@/lib/time/dayjs';
import { normalizeCode } from '@/lib/validation/normalize';
import { authenticateMfa, logout } from './api';
import { sessionKeys, sessionStateQueryOptions } from './queries';
import { completeSignIn, useResendMfaCode } from './session';

interface Props {
  onError: (message: string | null) => void;
}

/**
 * The e-mail code step (docs/product/constants.md): the code is sent as soon as it has six characters; a
 * refused code is cleared and the field focused again. A 401 means the attempt is over (too many
 * tries, or expired): back to the password step. Cancel logs out. The step says where the code
 * went (masked) and until when it works, and 再送信 mails a new one (the server paces it).
 */
export function MfaForm({ onError }: Props) {
  const queryClient = useQueryClient();
  const { mutateAsync: resendCode } = useResendMfaCode();
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const state = useQuery(sessionStateQueryOptions);
  const mailAddress = state.data?.mfaMailAddress;
  const expiresAt = state.data?.codeExpiresAt;

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
    // １２３４５６ typed with the input method on is the code 123456.
    const next = normalizeCode(value).slice(0, MFA_CODE_LENGTH);
    setCode(next);
    if (next.length === MFA_CODE_LENGTH && !submitting) void submit(next);
  };

  const resend = async () => {
    setSubmitting(true);
    try {
      const outcome = await resendCode();
      if (outcome.ok) {
        onError(null);
        setNotice('認証コードを再送信しました。');
        setCode('');
      } else {
        setNotice(null);
        onError(outcome.failure.message);
        if (outcome.failure.code === 401) queryClient.setQueryData(sessionKeys.mfaRequired, false);
      }
    } catch (error) {
      onError(error instanceof Error ? error.message : API_MESSAGES.noResponse);
    } finally {
      setSubmitting(false);
      setFocusRequest((n) => n + 1);
    }
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
    <div className="rd-stack">
      <p>
        {mailAddress ? `${mailAddress} に` : 'メールアドレスに'}認証コードを送信しました。メールに記載された
        {MFA_CODE_LENGTH}桁のコードを入力してください。
      </p>
      <p className="rd-secondary" data-testid="mfa-expiry">
        コードの有効期限は10分です
        {expiresAt ? `（${dayjs(expiresAt).tz().format('HH:mm')} まで）` : ''}。届かないときは再送信してください。
      </p>
      {notice && (
        <p className="rd-success" role="status">
          {notice}
        </p>
      )}
      <input
        ref={input}
        className="rd-input rd-code"
        value={code}
        onChange={(event) => {
          change(event.target.value);
        }}
        maxLength={MFA_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        aria-label="認証コード"
        disabled={submitting}
      />
      <Button small onClick={() => void resend()} disabled={submitting}>
        再送信
      </Button>
      <Button small onClick={() => void cancel()} disabled={submitting}>
        キャンセル
      </Button>
    </div>
  );
}
