import { useMatches } from '@tanstack/react-router';

/** What the not-found page says, on the page and in the browser's tab. */
export const NOT_FOUND_TITLE = 'ページが見つかりません';

/**
 * The title of the deepest matched route that declares one (`staticData.title`); on a path that is
 * no route (the router marks the match `_notFound`) or whose id is no id (`status` notFound), the
 * not-found page's. Decided here rather than by the page, which would pull the title store into its
 * chunk and, through Rollup's merging of small chunks, grow the status list's download by 3 kB.
 */
export function useRouteTitle(): string | undefined {
  return useMatches({
    select: (matches) =>
      matches.some((match) => match.status === 'notFound' || match._notFound === true)
        ? NOT_FOUND_TITLE
        : matches.findLast((match) => match.staticData.title)?.staticData.title,
  });
}
