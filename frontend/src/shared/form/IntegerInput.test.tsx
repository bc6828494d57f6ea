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
