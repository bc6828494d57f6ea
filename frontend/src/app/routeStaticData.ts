import type { Feature } from '@/lib/auth/features';
import type { Role } from '@/lib/auth/roles';

// What every route may declare in `staticData` (read by the shell, never by the route itself).
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Japanese page title; the document title becomes "<title> | <app name>" (docs/product/shell.md). */
    title?: string;
    /** docs/product/shell.md: a route needs sign-in unless it says `false` here. */
    requiresAuth?: boolean;
    /**
     * The role the screen needs (docs/authorities.md: the role of its menu entry, which every call of
     * the screen needs too). Opened by its address without it, the screen is the "no access" screen
     * and reads nothing (RouteAccess.tsx, prefetchRecord).
     */
    role?: Role;
    /**
     * The organization function of the route's menu entry (its `feature`). Opened by its address in
     * an organization that does not use it, the route shows a notice instead of the screen and reads
     * nothing (RouteAccess.tsx, prefetchRecord).
     */
    feature?: Feature;
  }
}

export {};
