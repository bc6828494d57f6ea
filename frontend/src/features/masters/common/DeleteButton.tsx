import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useState, type ReactNode } from 'react';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { DELETE_CONFIRM } from './messages';

interface Props {
  /** The question, naming what is deleted (deleteQuestion); '削除しますか？' without it. */
  question?: string;
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

/**
 * Delete behind a question (antd Popconfirm); a refusal is the server's toast. On a phone its
 * buttons are of the normal height (32 px) rather than antd's small 24 px, which a finger misses.
 */
export function DeleteButton({ question = DELETE_CONFIRM, onConfirm, description, label, text, size = 'middle', disabled = false }: Props) {
  const [busy, setBusy] = useState(false);
  const buttonSize = useIsMobile() ? 'middle' : 'small';
  return (
    <Popconfirm
      title={question}
      description={description}
      okText="削除"
      cancelText="キャンセル"
      okButtonProps={{ danger: true, loading: busy, size: buttonSize }}
      cancelButtonProps={{ size: buttonSize }}
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
