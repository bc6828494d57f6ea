import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, getPageSize, PAGE_SIZE_LISTS, setPageSize, usePageSize } from './pageSize';

describe('page size preferences', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('covers the six lists of docs/product/shell.md, each 10 by default', () => {
    expect(PAGE_SIZE_LISTS).toEqual(['organization', 'user', 'history', 'historyFile', 'group', 'facility']);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    for (const list of PAGE_SIZE_LISTS) expect(getPageSize(list)).toBe(10);
  });

  it('keeps each list apart in localStorage under the rouder_ prefix', () => {
    setPageSize('user', 50);
    setPageSize('facility', 20);
    expect(localStorage.getItem('rouder_pageSize.user')).toBe('50');
    expect(getPageSize('user')).toBe(50);
    expect(getPageSize('facility')).toBe(20);
    expect(getPageSize('group')).toBe(10);
  });

  it('forgets the stored value when set back to the default', () => {
    setPageSize('group', 100);
    setPageSize('group', 10);
    expect(localStorage.getItem('rouder_pageSize.group')).toBeNull();
  });

  it.each(['abc', '0', '-5', '2.5', '100000', ''])('falls back to 10 for a stored %j', (stored) => {
    localStorage.setItem('rouder_pageSize.history', stored);
    expect(getPageSize('history')).toBe(10);
  });

  it('ignores sizes that are no page size', () => {
    setPageSize('organization', 0);
    setPageSize('organization', 1.5);
    setPageSize('organization', Number.NaN);
    expect(localStorage.length).toBe(0);
  });

  it('survives a browser that refuses storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(getPageSize('user')).toBe(10);
  });

  it('usePageSize reads and stores', () => {
    setPageSize('historyFile', 20);
    const { result } = renderHook(() => usePageSize('historyFile'));
    expect(result.current[0]).toBe(20);
    act(() => {
      result.current[1](50);
    });
    expect(result.current[0]).toBe(50);
    expect(getPageSize('historyFile')).toBe(50);
  });
});
