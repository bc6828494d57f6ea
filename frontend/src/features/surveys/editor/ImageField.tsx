import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Image, Typography } from 'antd';
import { useRef } from 'react';
import { imageKind, splitDataUrl } from './model';

interface Props {
  /** The base64 text (the form field this control is bound to). */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  /** The sibling form field holding the media type ("image/png"). */
  mediaTypeName: string;
  label: string;
  disabled?: boolean;
}

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('read failed'));
    };
    reader.readAsDataURL(file);
  });
}

/**
 * An image kept as base64 in the form (icon, coupon): chosen from a file, previewed, removed.
 * The size and type are checked by the form's schema (and the server) like any other field.
 */
export function ImageField({ value = '', onChange, id, mediaTypeName, label, disabled = false }: Props) {
  const form = Form.useFormInstance();
  const mediaType = Form.useWatch(mediaTypeName, { form, preserve: true }) as string | undefined;
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const parts = splitDataUrl(await readAsDataUrl(file));
    // The type its bytes say (none for what is not an image: the schema then refuses it here).
    form.setFieldValue(mediaTypeName, imageKind(parts.data));
    onChange?.(parts.data);
  };

  return (
    <Flex gap="middle" align="center" wrap id={id}>
      {value !== '' ? (
        <Image
          src={`data:${mediaType ?? ''};base64,${value}`}
          alt={label}
          width={96}
          height={96}
          style={{ objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 8 }}
        />
      ) : (
        <Typography.Text type="secondary">画像なし</Typography.Text>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        aria-label={`${label}のファイル`}
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void choose(file);
        }}
      />
      <Button
        icon={<UploadOutlined />}
        disabled={disabled}
        onClick={() => {
          input.current?.click();
        }}
      >
        {value !== '' ? '画像を変更' : '画像を選択'}
      </Button>
      {value !== '' && (
        <Button
          icon={<DeleteOutlined />}
          aria-label={`${label}を削除`}
          disabled={disabled}
          onClick={() => {
            form.setFieldValue(mediaTypeName, '');
            onChange?.('');
          }}
        >
          削除
        </Button>
      )}
    </Flex>
  );
}
