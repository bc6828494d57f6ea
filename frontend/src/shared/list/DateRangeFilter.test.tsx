import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/renderWithProviders';
import { DateRangeFilter } from './DateRangeFilter';

function renderFilter(from?: string, to?: string) {
  const onChange = vi.fn();
  renderWithProviders(
    <DateRangeFilter label="依頼日で絞り込み" from={from} to={to} placeholder={['依頼日から', 'まで']} onChange={onChange} />,
  );
  return onChange;
}

describe('DateRangeFilter', () => {
  it('shows the URL’s dates as the list writes them (2026/11/01)', () => {
    renderFilter('2026-11-01', '2026-11-30');
    expect(screen.getByPlaceholderText('依頼日から')).toHaveValue('2026/11/01');
    expect(screen.getByPlaceholderText('まで')).toHaveValue('2026/11/30');
  });

  it('takes a date typed as the list writes it and hands it on in the URL’s form', async () => {
    const user = userEvent.setup();
    const onChange = renderFilter();
    const from = screen.getByPlaceholderText('依頼日から');
    await user.click(from);
    await user.type(from, '2026/11/03{Enter}');
    await user.type(screen.getByPlaceholderText('まで'), '2026/11/10{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-03', '2026-11-10');
  });
});
