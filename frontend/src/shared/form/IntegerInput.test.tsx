import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IntegerInput } from './IntegerInput';

describe('IntegerInput', () => {
  it('reads what was typed with the input method on as the number it means', () => {
    const onChange = vi.fn();
    render(<IntegerInput aria-label="日数" min={-999} max={999} onChange={onChange} />);
    const input = screen.getByLabelText('日数');
    fireEvent.change(input, { target: { value: '１２' } });
    expect(onChange).toHaveBeenLastCalledWith(12);
    fireEvent.change(input, { target: { value: '－５' } });
    expect(onChange).toHaveBeenLastCalledWith(-5);
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

describe('IntegerInput outside its range', () => {
  it('keeps what was typed for the form to refuse, instead of changing it to the nearest bound', () => {
    const onChange = vi.fn();
    render(<IntegerInput aria-label="リマインド日数" min={0} max={31} onChange={onChange} />);
    const input = screen.getByLabelText('リマインド日数');
    fireEvent.change(input, { target: { value: '99' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(99);
    expect(input).toHaveValue('99');
    expect(input).toHaveAttribute('aria-valuemax', '31');
    expect(input).toHaveAttribute('aria-valuemin', '0');
  });
});
