import { useEffect } from 'react';
import { createStore, useStore } from '@/lib/store/createStore';

/**
 * docs/product/shell.md: a screen may set its own title at run time (status detail, survey result
 * detail); it wins over the route's static title. Reset on logout and when the screen unmounts.
 */
const pageTitle = createStore<string | null>(null);

export const getPageTitle = pageTitle.get;
export const setPageTitle = pageTitle.set;

export function usePageTitleOverride(): string | null {
  return useStore(pageTitle);
}

/** For a screen: show `title` while mounted (undefined/null: the route's own title). */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    setPageTitle(title ?? null);
    return () => {
      setPageTitle(null);
    };
  }, [title]);
}
