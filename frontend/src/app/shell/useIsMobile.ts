import { theme } from 'antd';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * docs/product/shell.md: the phone layout is below antd's `sm` breakpoint (576 px): the side menu
 * becomes a temporary drawer there. Read synchronously, so the first paint already fits.
 */
export function useIsMobile(): boolean {
  const { token } = theme.useToken();
  const query = `(max-width: ${token.screenXSMax}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  const read = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, read, () => false);
}
