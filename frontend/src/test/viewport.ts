import { vi } from 'vitest';

/** Pretends the window is `width` px wide for every (max-width: N px) query. */
export function viewport(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query)?.[1];
    const list: Partial<MediaQueryList> = {
      matches: maxWidth !== undefined && width <= Number(maxWidth),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
    return list as MediaQueryList;
  });
}
