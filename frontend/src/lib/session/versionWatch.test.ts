import { describe, expect, it, vi } from 'vitest';
import { createVersionWatch } from './versionWatch';

describe('server version watch', () => {
  it('keeps the first version and reloads when another one appears', () => {
    const reload = vi.fn();
    const note = createVersionWatch(reload);
    expect(note('1.0.0')).toBe(false);
    expect(note('1.0.0')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(note('1.0.1')).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('ignores an empty version', () => {
    const reload = vi.fn();
    const note = createVersionWatch(reload);
    expect(note('')).toBe(false);
    expect(note('2')).toBe(false);
    expect(note('')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
