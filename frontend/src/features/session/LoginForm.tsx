import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { textFieldRule } from '@/lib/validation/antd';
import { API_MESSAGES } from '@/lib/api/messages';
import { login, type UniqueRange } from './api';
import { LOGIN_FIELDS as FIELDS, loginRequest } from './loginFields';
import { sessionKeys } from './queries';
import { completeSignIn } from './session';

interface Props {
  uniqueRange: UniqueRange;
  /** The message to show in the card's alert; null clears it. */
  onError: (message: string | null) => void;
}

/** The password step of the login card. */
export function LoginForm({ uniqueRange, onError }: Props) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    setSubmitting(true);
    try {
      const outcome = await login(loginRequest(form.getFieldsValue(true) as Record<string, unknown>, uniqueRange));
      if (!outcome.ok) {
        onError(outcome.failure.message);
        return;
      }
      onError(null);
      if (outcome.data.mfaRequired) queryClient.setQueryData(sessionKeys.mfaRequired, true);
      else await completeSignIn(queryClient);
    } catch (error) {
      // Signed in, but the user could not be read (connection lost in between).
      onError(error instanceof Error ? error.message : API_MESSAGES.noResponse);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()} disabled={submitting} noValidate>
      {uniqueRange === 'ORGANIZATION' && (
        <Form.Item
          name="organizationId"
          label={FIELDS.organizationId.label}
          rules={[textFieldRule(FIELDS.organizationId)]}
          validateTrigger="onBlur"
        >
          <Input inputMode="numeric" autoComplete="organization" size="large" />
        </Form.Item>
      )}
      <Form.Item name="userAccount" label={FIELDS.userAccount.label} rules={[textFieldRule(FIELDS.userAccount)]} validateTrigger="onBlur">
        <Input autoComplete="username" size="large" />
      </Form.Item>
      <Form.Item name="password" label={FIELDS.password.label} rules={[textFieldRule(FIELDS.password)]} validateTrigger="onBlur">
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        ログイン
      </Button>
    </Form>
  );
}
