import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dayjs } from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { dayjs } from '@/lib/time/dayjs';
import { renderWithProviders } from '@/test/renderWithProviders';
import { viewport } from '@/test/viewport';
import { dateText, dateTimeText } from './format';
import { DatePicker, RangePicker } from './pickers';

describe('the console date pickers', () => {
  it('write a date as the lists do, 2026/11/01, not antd’s 2026-11-01', () => {
    renderWithProviders(<DatePicker aria-label="期限" value={dayjs('2026-11-01')} />);
    expect(screen.getByLabelText('期限')).toHaveValue('2026/11/01');
    expect(dateText('2026-11-01')).toBe('2026/11/01');
  });

  it('write a month as 2026/11 and a date with its time as 2026/11/01 09:30', () => {
    renderWithProviders(
      <>
        <DatePicker aria-label="月" picker="month" value={dayjs('2026-11-01')} />
        <DatePicker aria-label="開始" showTime={{ format: 'HH:mm' }} value={dayjs.tz('2026-11-01 09:30')} />
      </>,
    );
    expect(screen.getByLabelText('月')).toHaveValue('2026/11');
    expect(screen.getByLabelText('開始')).toHaveValue('2026/11/01 09:30');
    expect(dateTimeText('2026-11-01T00:30:00Z')).toBe('2026/11/01 09:30');
  });

  it('write both ends of a period the same way', () => {
    renderWithProviders(<RangePicker aria-label="期間" value={[dayjs('2026-11-01'), dayjs('2026-11-30')]} />);
    const [from, to] = screen.getAllByRole('textbox');
    expect(from).toHaveValue('2026/11/01');
    expect(to).toHaveValue('2026/11/30');
  });

  it('take a date typed as the lists write it, and in the API’s form', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(value: Dayjs | null) => void>();
    renderWithProviders(<DatePicker aria-label="期限" onChange={onChange} />);
    const input = screen.getByLabelText('期限');
    await user.click(input);
    await user.type(input, '2026/11/03{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(expect.anything(), '2026/11/03');
    expect(onChange.mock.lastCall?.[0]?.format('YYYY-MM-DD')).toBe('2026-11-03');
    expect(input).toHaveValue('2026/11/03');

    await user.clear(input);
    await user.type(input, '2026-11-04{Enter}');
    expect(onChange.mock.lastCall?.[0]?.format('YYYY-MM-DD')).toBe('2026-11-04');
  });

  it('take Enter as confirming the date, not as sending the form they are in', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => {
      event.preventDefault();
    });
    const onChange = vi.fn<(value: Dayjs | null) => void>();
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <DatePicker aria-label="期限" onChange={onChange} />
        <RangePicker aria-label="期間" />
        <button type="submit">保存</button>
      </form>,
    );
    const input = screen.getByLabelText('期限');
    await user.click(input);
    await user.type(input, '2026/11/03{Enter}');
    expect(onChange.mock.lastCall?.[0]?.format('YYYY-MM-DD')).toBe('2026-11-03');
    const [from] = screen.getAllByRole('textbox').slice(1);
    if (!from) throw new Error('no period field');
    await user.click(from);
    await user.type(from, '2026/11/01{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    // The form still sends from its button.
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('on a phone, open a period as a sheet and bring its field to the top, above the sheet', async () => {
    const user = userEvent.setup();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const onOpenChange = vi.fn();
    for (const width of [1280, 390]) {
      viewport(width);
      const { unmount } = renderWithProviders(<RangePicker aria-label="期間" onOpenChange={onOpenChange} />);
      const [from] = screen.getAllByRole('textbox');
      if (!from) throw new Error('no period field');
      await user.click(from);
      expect(onOpenChange).toHaveBeenLastCalledWith(true);
      expect(document.querySelector('.rouder-range-popup')).not.toBeNull();
      if (width === 1280) expect(scrolled).not.toHaveBeenCalled();
      else expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
      unmount();
      vi.restoreAllMocks();
    }
  });
});
