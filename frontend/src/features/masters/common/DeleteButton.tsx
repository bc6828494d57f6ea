import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useState, type ReactNode } from 'react';
import { DELETE_CONFIRM } from './messages';

interface Props {
  /** Deletes; resolves when the answer has been handled (toast shown). */
  onConfirm: () => Promise<unknown>;
  /** Extra words under the question (what else goes with it). */
  description?: ReactNode;
  /** Names what is deleted, for assistive technology: '新宿駅前店を削除'. */
  label: string;
  /** Text of the button; an icon-only button without it. */
  text?: string;
  size?: 'small' | 'middle';
  disabled?: boolean;
}

/** Delete behind the question '削除しますか？' (antd Popconfirm); a refusal is the server's toast. */
export function DeleteButton({ onConfirm, description, label, text, size = 'middle', disabled = false }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      title={DELETE_CONFIRM}
      description={description}
      okText="削除"
      cancelText="キャンセル"
      okButtonProps={{ danger: true, loading: busy }}
      disabled={disabled}
      onConfirm={() => {
        setBusy(true);
        void onConfirm().finally(() => {
          setBusy(false);
        });
      }}
    >
      <Button
        danger
        size={size}
        icon={<DeleteOutlined />}
        aria-label={label}
        title={label}
        loading={busy}
        disabled={disabled}
        onClick={(event) => {
          event.stopPropagation();
        }}
      >
        {text}
      </Button>
    </Popconfirm>
  );
}
