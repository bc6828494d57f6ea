import { Input } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { numberFieldText, parseNumberText, type NumberFieldValue } from './NumberInputFormat';

interface Props {
  /** The integer, null when empty, or text that is not a number (see parseNumberText). */
  value?: NumberFieldValue | undefined;
  onChange?: (value: NumberFieldValue) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** A unit after the number, e.g. 'バイト'. */
  suffix?: ReactNode;
  status?: 'error' | 'warning';
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/**
 * A number field of docs/product/validation.md for antd forms: the user types digits and commas, the form
 * holds the integer, and the field shows it with thousands separators. While the user types the
 * text is left as typed (no caret jumps); on leaving the field it is shown formatted.
 */
export function NumberInput({ value, onChange, onBlur, suffix, style, ...rest }: Props) {
  /** The text being typed; null when the field shows its value formatted. */
  const [typing, setTyping] = useState<string | null>(null);
  return (
    <Input
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      value={typing ?? numberFieldText(value)}
      suffix={suffix}
      style={{ textAlign: 'right', ...style }}
      onChange={(event) => {
        const text = event.target.value;
        setTyping(text);
        onChange?.(parseNumberText(text));
      }}
      onBlur={() => {
        setTyping(null);
        onBlur?.();
      }}
    />
  );
}
