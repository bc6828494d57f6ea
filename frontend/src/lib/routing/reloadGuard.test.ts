import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRouteLoadError, reloadAfterLoadFailure, ROUTE_RELOAD_GUARD_MS } from './reloadGuard';

describe('route load failure reload', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('reloads at most once per 10 s', () => {
    expect(ROUTE_RELOAD_GUARD_MS).toBe(10_000);
    const reload = vi.fn();
    expect(reloadAfterLoadFailure(reload, 1_000_000)).toBe(true);
    expect(reloadAfterLoadFailure(reload, 1_000_000 + 9_999)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterLoadFailure(reload, 1_000_000 + 10_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem('rouder_routeReloadAt')).toBe('1010000');
  });

  it('is not stopped by a clock that went back or a broken entry', () => {
    const reload = vi.fn();
    sessionStorage.setItem('rouder_routeReloadAt', '5000000');
    expect(reloadAfterLoadFailure(reload, 1_000_000)).toBe(true);
    sessionStorage.setItem('rouder_routeReloadAt', 'x');
    expect(reloadAfterLoadFailure(reload, 1_000_001)).toBe(true);
  });

  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/home/assets/a.js'), true],
    [new TypeError('error loading dynamically imported module'), true],
    [new TypeError('Importing a module script failed.'), true],
    [Object.assign(new Error('Loading chunk 3 failed'), { name: 'ChunkLoadError' }), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
  ])('recognises %s', (error, expected) => {
    expect(isRouteLoadError(error)).toBe(expected);
  });
});
