import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/renderWithProviders';
import { NpsTrendChart } from './charts';
import type { NpsTrendPoint } from './types';

afterEach(() => {
  vi.restoreAllMocks();
});

const week = (index: number): NpsTrendPoint => ({
  startDate: `2025-0${String(1 + Math.floor(index / 4))}-${String(1 + (index % 4) * 7).padStart(2, '0')}`,
  nps: 10,
  promoterCount: 2,
  passiveCount: 1,
  detractorCount: 1,
});

describe('NPS trend', () => {
  it('opens scrolled to the newest weeks (the right end)', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1800);
    const scrolled = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'set').mockImplementation(scrolled);
    renderWithProviders(<NpsTrendChart points={Array.from({ length: 30 }, (_, index) => week(index))} interval="WEEK" />);
    expect(screen.getByRole('figure', { name: 'NPSの推移' })).toBeInTheDocument();
    expect(scrolled).toHaveBeenLastCalledWith(1800);
  });
});
