import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@/shared/list/types';
import { renderWithProviders } from '@/test/renderWithProviders';
import { viewport } from '@/test/viewport';
import { PhoneSortSelect } from './filters';
import { useListSort, useListState } from './useListState';

interface Search {
  searchText: string;
  page: number;
  size?: number | undefined;
  sortBy: 'name' | 'kana';
  descending: boolean;
}

const first: Search = { searchText: '', page: 1, sortBy: 'kana', descending: false };

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function pageOf(total: number, size: number): Page<{ id: number }> {
  return { items: [{ id: 1 }], total, page: 1, size };
}

function useList(search: Search, onSearchChange: (search: Search) => void, read: (size: number) => Promise<Page<{ id: number }>>) {
  const state = useListState({
    pageSizeList: 'facility',
    search,
    onSearchChange,
    query: (size) => queryOptions({ queryKey: ['list', search, size], queryFn: () => read(size) }),
  });
  const sort = useListSort(search, state.change, { keys: ['name', 'kana'], fallback: 'kana' });
  return { ...state, ...sort };
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('useListState', () => {
  it('asks for the stored page size unless the URL names one', async () => {
    localStorage.setItem('rouder_pageSize.facility', '50');
    const read = vi.fn((size: number) => Promise.resolve(pageOf(3, size)));
    const { result, rerender } = renderHook(({ search }) => useList(search, vi.fn(), read), {
      wrapper,
      initialProps: { search: first },
    });
    await waitFor(() => {
      expect(result.current.tableProps.items).toHaveLength(1);
    });
    expect(read).toHaveBeenLastCalledWith(50);
    rerender({ search: { ...first, size: 20 } });
    await waitFor(() => {
      expect(read).toHaveBeenLastCalledWith(20);
    });
  });

  it('keeps a new page size as the preference and leaves it out of the URL', async () => {
    const onSearchChange = vi.fn();
    const { result } = renderHook(() => useList({ ...first, page: 3 }, onSearchChange, () => Promise.resolve(pageOf(100, 10))), {
      wrapper,
    });
    await waitFor(() => {
      expect(result.current.tableProps.total).toBe(100);
    });
    act(() => {
      result.current.tableProps.onPageChange(1, 20);
    });
    expect(localStorage.getItem('rouder_pageSize.facility')).toBe('20');
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...first, page: 1, size: undefined });
  });

  it('moves a page past the end to the last page, in place of it (so Back leaves the list)', async () => {
    const onSearchChange = vi.fn();
    renderHook(() => useList({ ...first, page: 9 }, onSearchChange, () => Promise.resolve(pageOf(25, 10))), { wrapper });
    await waitFor(() => {
      expect(onSearchChange).toHaveBeenCalledWith({ ...first, page: 3 }, { replace: true });
    });
  });

  it('starts again from page 1 after any other change', async () => {
    const onSearchChange = vi.fn();
    const { result } = renderHook(() => useList({ ...first, page: 2 }, onSearchChange, () => Promise.resolve(pageOf(30, 10))), {
      wrapper,
    });
    await waitFor(() => {
      expect(result.current.tableProps.total).toBe(30);
    });
    act(() => {
      result.current.change({ searchText: '新宿' });
    });
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...first, searchText: '新宿', page: 1 });
  });

  it('turns column sorts into the search state, and a cleared sort into the fallback', () => {
    const onSearchChange = vi.fn();
    const { result } = renderHook(
      () => useList({ ...first, sortBy: 'name', descending: true }, onSearchChange, () => Promise.resolve(pageOf(0, 10))),
      { wrapper },
    );
    expect(result.current.sortOrder('name')).toBe('descend');
    expect(result.current.sortOrder('kana')).toBeNull();
    act(() => {
      result.current.onSortChange({ field: 'name', descending: false });
    });
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...first, sortBy: 'name', descending: false });
    act(() => {
      result.current.onSortChange({ field: null, descending: true });
    });
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...first, sortBy: 'kana', descending: false });
  });
});

describe('PhoneSortSelect', () => {
  const labels = { name: '店舗名', kana: '店舗名カナ' };

  it('is only there on a phone, where the cards have no headers', () => {
    viewport(1200);
    renderWithProviders(<PhoneSortSelect keys={['name', 'kana']} labels={labels} sortBy="kana" descending={false} onChange={vi.fn()} />);
    expect(screen.queryByRole('combobox', { name: '並び順' })).not.toBeInTheDocument();
  });

  it('offers each key both ways and reports the choice', async () => {
    viewport(400);
    const onChange = vi.fn();
    renderWithProviders(<PhoneSortSelect keys={['name', 'kana']} labels={labels} sortBy="kana" descending={false} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: '並び順' });
    expect(screen.getByText('店舗名カナ(昇順)')).toBeInTheDocument();
    await userEvent.click(select);
    await userEvent.click(await screen.findByText('店舗名(降順)'));
    expect(onChange).toHaveBeenCalledWith('name', true);
  });
});
