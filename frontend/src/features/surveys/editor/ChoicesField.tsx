import { Input } from 'antd';

interface Props {
  value?: (string | null)[];
  onChange?: (value: string[]) => void;
  id?: string;
  label: string;
  disabled?: boolean;
}

/** The choices of a choice question, one per line (empty lines are dropped on save). */
export function ChoicesField({ value = [], onChange, id, label, disabled = false }: Props) {
  return (
    <Input.TextArea
      id={id}
      aria-label={label}
      value={value.map((choice) => choice ?? '').join('\n')}
      onChange={(event) => onChange?.(event.target.value.split('\n'))}
      autoSize={{ minRows: 2, maxRows: 10 }}
      placeholder={'選択肢を1行に1つずつ入力'}
      disabled={disabled}
    />
  );
}
