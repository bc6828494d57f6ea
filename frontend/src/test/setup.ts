import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Dates in Japanese and Tokyo time, as the console shell sets them up before any screen shows.
import '@/lib/time/dayjs';

// The shell and the login screen load as chunks of their own; the first test to need one waits
// for its transform, which can take longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// jsdom has no matchMedia; antd (responsive observers) and the shell's phone check need one.
// Desktop width unless a test replaces it.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

// Nor ResizeObserver (antd's Menu measures its items with one).
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe() {
      return undefined;
    }
    unobserve() {
      return undefined;
    }
    disconnect() {
      return undefined;
    }
  };
}

// jsdom has no Element.scroll; antd's scroll to the first field in error calls it.
if (typeof Element.prototype.scroll !== 'function') {
  Element.prototype.scroll = () => undefined;
}
