import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { StaticDataRouteOption } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '@/app/router';
import { allowSlowScreens } from '@/features/masters/testing';
import { userRoutes } from '@/features/masters/user/testing';
import type { LoginUser } from '@/lib/api/types';
import { demoAdmin, stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { MENU_DEFINITION } from './menu/menuModel';
import { NO_ACCESS_TITLE } from './noAccessTexts';

allowSlowScreens();

/** The demo's store001: group staff of a store (docs/authorities.md). */
const groupStaff: LoginUser = {
  ...demoAdmin,
  userId: 3,
  userAccount: 'store001',
  roleList: ['ROLE_CHECK_REFERENCE', 'ROLE_SURVEY_RESULT_REFERENCE', 'ROLE_REPORT_REFERENCE'],
  facilityId: 11,
};

describe('a screen whose role the user lacks, opened by its address', { timeout: 60_000 }, () => {
  it('is the whole-page no-access screen, and nothing of it is asked of the server', async () => {
    const server = stubServer(userRoutes({}, groupStaff));
    const { router } = renderApp('/home/user/');
    expect(await screen.findByText(NO_ACCESS_TITLE)).toBeInTheDocument();
    // Not a half-built screen: no header actions, no filters.
    expect(screen.queryByRole('heading', { name: 'ユーザー' })).not.toBeInTheDocument();
    expect(screen.queryByText('新規登録')).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();

    // Moving on within the console (the user known): the edit route's loader does not read either.
    await router.navigate({ to: '/user/$userId', params: { userId: 21 } });
    expect(await screen.findByText(NO_ACCESS_TITLE)).toBeInTheDocument();
    expect(server.requests.map((request) => new URL(request.url).pathname).filter((path) => path.startsWith('/api/user'))).toEqual([]);
  });

  it('opens as before for a user holding the role', async () => {
    stubServer(userRoutes());
    renderApp('/home/user/');
    expect(await screen.findByRole('heading', { name: 'ユーザー' })).toBeInTheDocument();
    expect(screen.queryByText(NO_ACCESS_TITLE)).not.toBeInTheDocument();
  });
});

type Definition = (typeof MENU_DEFINITION)[number];

/** What the test reads of a route of the tree. */
interface RouteFacts {
  isRoot: boolean;
  fullPath: string;
  options: { staticData?: StaticDataRouteOption };
}

/** Every menu link of docs/product/shell.md with its path and role (groups flattened). */
function menuLinks(definitions: readonly Definition[]): { path: string; role: string | null }[] {
  return definitions.flatMap((definition) => {
    if (definition.kind === 'divider') return [];
    if (definition.kind === 'group') return menuLinks(definition.children);
    const path =
      typeof definition.path === 'string'
        ? definition.path
        : definition.path({ roles: [], isSystemAdmin: false, ownOrganizationId: 7, selectedOrganizationId: 7, systemOrganizationId: 1, options: null, today: '2026-11-01' });
    return [{ path, role: definition.role }];
  });
}

describe('the roles of the routes', () => {
  it('every route under a menu entry needs that entry\'s role, as the menu hides it (and no other route needs one)', () => {
    const router = createAppRouter({ queryClient: new QueryClient() });
    const links = menuLinks(MENU_DEFINITION);
    const routes = (Object.values(router.routesById) as unknown as RouteFacts[]).filter((route) => !route.isRoot);
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      // A sample address of the route: parameters as 7, an optional one left out.
      const sample = `${route.fullPath.replace(/\{-\$\w+\}/g, '').replace(/\$\w*/g, '7')}/`.replace(/\/+$/, '/');
      const owner = links
        .filter((link) => sample.startsWith(link.path.endsWith('/') ? link.path : `${link.path}/`))
        .sort((a, b) => b.path.length - a.path.length)[0];
      expect({ route: route.fullPath, role: route.options.staticData?.role }).toEqual({
        route: route.fullPath,
        role: owner?.role ?? undefined,
      });
    }
  });
});
