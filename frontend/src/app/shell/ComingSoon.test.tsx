import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ComingSoon } from './ComingSoon';

describe('ComingSoon', () => {
  it('shows the screen title and says it is being prepared', () => {
    render(<ComingSoon title="レポート" />);
    expect(screen.getByRole('heading', { name: 'レポート' })).toBeInTheDocument();
    expect(screen.getByText('この画面は準備中です。')).toBeInTheDocument();
  });
});
