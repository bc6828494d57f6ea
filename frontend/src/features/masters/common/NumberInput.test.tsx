import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput } from './NumberInput';
import { formatNumber, numberField, numberFieldText, parseNumberText, type NumberFieldValue } from './NumberInputFormat';

describe('parseNumberText', () => {
  it.each([
    ['1,000', 1000],
    ['1000', 1000],
    ['10,737,418,240', 10737418240],
    ['0', 0],
    [' 12 ', 12],
    ['１，０００', 1000],
    ['−５', -5], // U+2212, the minus sign some input methods type
    ['\u3000１２\u3000', 12],
    ['1,0,0', 100],
    ['-5', -5],
    ['', null],
    ['   ', null],
  ])('%j -> %j', (text, value) => {
    expect(parseNumberText(text)).toBe(value);
  });

  it.each(['abc', '1.5', '1e3', ',', '--1', '1-', '12a', '99999999999999999999'])('keeps %j as text (not a number)', (text) => {
    expect(parseNumberText(text)).toBe(text);
  });
});

describe('formatNumber and numberFieldText', () => {
  it('shows thousands separators', () => {
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(10737418240)).toBe('10,737,418,240');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-1234)).toBe('-1,234');
  });

  it('shows empty for no value and text as typed', () => {
    expect(numberFieldText(null)).toBe('');
    expect(numberFieldText(undefined)).toBe('');
    expect(numberFieldText('12a')).toBe('12a');
    expect(numberFieldText(1234)).toBe('1,234');
  });
});

describe('numberField (zod)', () => {
  const size = numberField({ label: 'ストレージ容量', required: true, min: 0 });
  const optional = numberField({ label: '上限' });
  const message = (schema: typeof size, value: unknown) => schema.safeParse(value).error?.issues[0]?.message ?? null;

  it('gives the integer', () => {
    expect(size.parse(1000)).toBe(1000);
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.parse('')).toBeNull();
  });

  it('words its failures as docs/product/validation.md does', () => {
    expect(message(size, null)).toBe('ストレージ容量は必須です');
    expect(message(size, undefined)).toBe('ストレージ容量は必須です');
    expect(message(size, '12a')).toBe('整数で入力してください');
    expect(message(size, 1.5)).toBe('整数で入力してください');
    expect(message(size, -1)).toBe('ストレージ容量は0以上で入力してください。');
    expect(message(size, 0)).toBeNull();
  });
});

function Controlled({ initial, onValue }: { initial: NumberFieldValue; onValue: (value: NumberFieldValue) => void }) {
  const [value, setValue] = useState<NumberFieldValue>(initial);
  return (
    <>
      <NumberInput
        aria-label="容量"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
      <output aria-label="値">{JSON.stringify(value)}</output>
    </>
  );
}

describe('NumberInput', () => {
  it('shows its value with separators', () => {
    render(<Controlled initial={10737418240} onValue={vi.fn()} />);
    expect(screen.getByLabelText('容量')).toHaveValue('10,737,418,240');
  });

  it('holds the integer typed, leaves the text alone while typing and formats it on leaving', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Controlled initial={null} onValue={onValue} />);
    const input = screen.getByLabelText('容量');
    await user.type(input, '1000000');
    expect(input).toHaveValue('1000000');
    expect(onValue).toHaveBeenLastCalledWith(1000000);
    fireEvent.blur(input);
    expect(input).toHaveValue('1,000,000');
  });

  it('reads commas as typed', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={null} onValue={vi.fn()} />);
    const input = screen.getByLabelText('容量');
    await user.type(input, '1,000');
    expect(screen.getByLabelText('値')).toHaveTextContent('1000');
    fireEvent.blur(input);
    expect(input).toHaveValue('1,000');
  });

  it('keeps text that is not a number, so the form can say so', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={5} onValue={vi.fn()} />);
    const input = screen.getByLabelText('容量');
    await user.clear(input);
    await user.type(input, '12a');
    fireEvent.blur(input);
    expect(input).toHaveValue('12a');
    expect(screen.getByLabelText('値')).toHaveTextContent('"12a"');
  });

  it('empties to null', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={5} onValue={vi.fn()} />);
    await user.clear(screen.getByLabelText('容量'));
    expect(screen.getByLabelText('値')).toHaveTextContent('null');
  });
});
