import { useMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { mayOpen } from '@/lib/auth/roles';
import { NoAccess } from './NoAccess';

/**
 * docs/product/shell.md: the menu only hides, so a screen whose role (its route's `staticData.role`)
 * the user lacks can still be opened by its address. It shows the "no access" screen in the screen's
 * place, before the screen asks the server anything (every call would be refused with 403).
 */
export function RouteAccess({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const allowed = useMatches({ select: (matches) => matches.every((match) => mayOpen(roles, match.staticData.role)) });
  return allowed ? children : <NoAccess />;
}
