import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { isAllowListEntry, splitAllowList } from './allowList';

interface Props {
  /** The entries as edited (blank ones are dropped when saved). */
  value?: string[] | null | undefined;
  onChange?: (value: string[]) => void;
  id?: string;
  disabled?: boolean;
}

/**
 * The allow-list as an editable list: one address or CIDR per row, each removable, rows added
 * with a button. Pasting several addresses (separated by commas, spaces or lines) into a row
 * makes a row of each. Rows that are not addresses are marked; the form says why.
 */
export function IpAllowListInput({ value, onChange, id, disabled = false }: Props) {
  const entries = value ?? [];
  const set = (next: string[]) => {
    onChange?.(next);
  };
  return (
    // The form's label points at the group (not at a row or the button, whose names it would take).
    <Flex vertical gap="small" role="group" aria-label="許可IPアドレス一覧" {...(id !== undefined ? { id } : {})}>
      {entries.length === 0 && <Typography.Text type="secondary">許可IPアドレスは登録されていません。</Typography.Text>}
      {entries.map((entry, index) => {
        const trimmed = entry.trim();
        const invalid = trimmed !== '' && splitAllowList(trimmed).some((part) => !isAllowListEntry(part));
        return (
          // Rows have no identity beyond their place; the list is edited in place.
          <Flex key={index} gap="small" align="center">
            <Input
              aria-label={`許可IPアドレス${index + 1}`}
              value={entry}
              placeholder="例: 192.0.2.0/24"
              status={invalid ? 'error' : ''}
              disabled={disabled}
              autoComplete="off"
              spellCheck={false}
              style={{ maxWidth: 360 }}
              onChange={(event) => {
                set(entries.map((old, at) => (at === index ? event.target.value : old)));
              }}
              onPaste={(event) => {
                const parts = splitAllowList(event.clipboardData.getData('text'));
                if (parts.length < 2) return;
                event.preventDefault();
                set([...entries.slice(0, index), ...(entry.trim() === '' ? [] : [entry]), ...parts, ...entries.slice(index + 1)]);
              }}
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={`許可IPアドレス${index + 1}を削除`}
              title="削除"
              disabled={disabled}
              onClick={() => {
                set(entries.filter((_, at) => at !== index));
              }}
            />
          </Flex>
        );
      })}
      <div>
        <Button
          icon={<PlusOutlined />}
          disabled={disabled}
          onClick={() => {
            set([...entries, '']);
          }}
        >
          アドレスを追加
        </Button>
      </div>
    </Flex>
  );
}
