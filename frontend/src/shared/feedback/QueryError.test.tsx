import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/send';
import { renderWithProviders } from '@/test/renderWithProviders';
import { QueryError } from './QueryError';
import { NOT_FOUND_HINT, RELOAD } from './texts';

describe('a failed read', () => {
  it('that is not there says why and offers no reload, which cannot bring it back', () => {
    renderWithProviders(<QueryError error={new ApiError({ code: 404, message: '対象のデータが見つかりません。' })} onRetry={vi.fn()} />);
    expect(screen.getByText('対象のデータが見つかりません。(エラーコード:404)')).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_HINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RELOAD })).not.toBeInTheDocument();
  });

  it('for another reason offers a reload', () => {
    const onRetry = vi.fn();
    renderWithProviders(<QueryError error={new ApiError({ code: 500, message: '不明なエラーが発生しました。システム管理者までご連絡ください。' })} onRetry={onRetry} />);
    screen.getByRole('button', { name: RELOAD }).click();
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(NOT_FOUND_HINT)).not.toBeInTheDocument();
  });
});
