import { Form, Input, Modal, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useToasts } from '@/app/feedback/useToasts';
import { setFormChanged } from '@/lib/session/formChanged';
import { schemaRule } from '@/lib/validation/antd';
import { changePassword } from './api';
import { PASSWORD_LABELS, passwordChangeSchema } from './schemas';

type Field = keyof typeof PASSWORD_LABELS;
const FIELDS = Object.keys(PASSWORD_LABELS) as Field[];

interface Props {
  open: boolean;
  userId: number;
  onClose: () => void;
}

/**
 * Changing one's own password. Typing marks the form changed (leaving the page asks first);
 * closing the dialog clears that. The server's field messages land under their fields.
 */
export function PasswordChangeDialog({ open, userId, onClose }: Props) {
  const [form] = Form.useForm();
  const toasts = useToasts();
  const [saving, setSaving] = useState(false);
  const firstField = useRef<InputRef>(null);

  const close = () => {
    setFormChanged(null);
    onClose();
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = passwordChangeSchema.parse(form.getFieldsValue(true));
    setSaving(true);
    try {
      const outcome = await changePassword(userId, values);
      toasts.outcome(outcome);
      if (outcome.ok) {
        close();
        return;
      }
      const fieldErrors = outcome.failure.fieldErrors ?? {};
      form.setFields(
        FIELDS.filter((name) => fieldErrors[name] !== undefined).map((name) => ({
          name,
          errors: [fieldErrors[name] ?? ''],
        })),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="パスワード変更"
      okText="パスワード変更"
      cancelText="キャンセル"
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
      // The dialog starts in its first field, not on itself or its close button.
      afterOpenChange={(opened) => {
        if (opened) firstField.current?.focus();
      }}
    >
      <Form
        form={form}
        layout="vertical"
        noValidate
        preserve={false}
        onValuesChange={() => {
          setFormChanged(true);
        }}
        onFinish={() => void submit()}
      >
        {FIELDS.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={PASSWORD_LABELS[name]}
            rules={[schemaRule(passwordChangeSchema, name)]}
            dependencies={name === 'confirmPassword' ? ['password'] : []}
          >
            <Input.Password
              ref={name === FIELDS[0] ? firstField : undefined}
              autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
            />
          </Form.Item>
        ))}
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
