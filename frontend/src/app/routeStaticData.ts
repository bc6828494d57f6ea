// What every route may declare in `staticData` (read by the shell, never by the route itself).
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Japanese page title; the document title becomes "<title> | <app name>" (docs/product/shell.md). */
    title?: string;
    /** docs/product/shell.md: a route needs sign-in unless it says `false` here. */
    requiresAuth?: boolean;
  }
}

export {};
