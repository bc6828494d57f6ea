import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { StaticDataRouteOption } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '@/app/router';
import { allowSlowScreens } from '@/features/masters/testing';
import { userRoutes } from '@/features/masters/user/testing';
import { improvementRoutes } from '@/features/improvement/testing';
import type { LoginUser, OrganizationOptions } from '@/lib/api/types';
import { demoAdmin, fakeOptions, stubServer, type FakeAnswer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { MENU_DEFINITION } from './menu/menuModel';
import { FEATURE_OFF_TEXT, NO_ACCESS_TITLE, featureOffTitle } from './noAccessTexts';

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

/** The paths the app asked the server for, under `prefix`. */
const askedUnder = (server: ReturnType<typeof stubServer>, prefix: string) =>
  server.requests.map((request) => new URL(request.url).pathname).filter((path) => path.startsWith(prefix));

/** The demo organization with its options changed. */
const withOptions = (options: Partial<OrganizationOptions>): FakeAnswer => ({ data: { ...fakeOptions, ...options } });

describe('a screen of a function the organization does not use, opened by its address', { timeout: 60_000 }, () => {
  it('says so in the whole page, leads home, and asks the server nothing of it', async () => {
    const server = stubServer(improvementRoutes({ 'GET /api/login_user/organization': withOptions({ availableImprovement: false }) }));
    renderApp('/home/improvement/5');
    expect(await screen.findByText(featureOffTitle('improvement'))).toBeInTheDocument();
    expect(screen.getByText('この組織は改善報告を使用しない設定です。')).toBeInTheDocument();
    expect(screen.getByText(FEATURE_OFF_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームへ戻る' })).toHaveAttribute('href', '/home/');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(askedUnder(server, '/api/improvement')).toEqual([]);
  });

  it('waits for the options instead of flashing the notice', async () => {
    let answer: (options: FakeAnswer) => void = () => undefined;
    const options = new Promise<FakeAnswer>((resolve) => {
      answer = resolve;
    });
    stubServer({ ...improvementRoutes(), 'GET /api/login_user/organization': () => options });
    renderApp('/home/terminal/');
    // The shell is there (the user known) and shows the loading state in the screen's place.
    const content = await screen.findByRole('main');
    await waitFor(() => {
      expect(within(content).getByRole('status', { name: '読み込み中' })).toBeInTheDocument();
    });
    expect(screen.queryByText(featureOffTitle('terminal'))).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '端末' })).not.toBeInTheDocument();
    answer(withOptions({ checkinType: 'NO_TERMINAL' }));
    expect(await screen.findByText('この組織は端末を使用しない設定です。')).toBeInTheDocument();
  });

  it('reads nothing ahead for an edit route either, moving on within the console', async () => {
    const server = stubServer(improvementRoutes({ 'GET /api/login_user/organization': withOptions({ availableSurvey: false }) }));
    const { router } = renderApp('/home/survey/');
    expect(await screen.findByText('この組織はアンケートを使用しない設定です。')).toBeInTheDocument();
    await router.navigate({ to: '/survey/$surveyId', params: { surveyId: 7 } });
    await router.navigate({ to: '/survey_result/$surveyId', params: { surveyId: 7 } });
    expect(await screen.findByText('この組織はアンケートを使用しない設定です。')).toBeInTheDocument();
    expect(askedUnder(server, '/api/survey')).toEqual([]);
  });

  it('opens as before where the organization uses it', async () => {
    stubServer(improvementRoutes());
    renderApp('/home/improvement/');
    expect(await screen.findByRole('search')).toBeInTheDocument();
    expect(screen.queryByText(featureOffTitle('improvement'))).not.toBeInTheDocument();
  });
});

type Definition = (typeof MENU_DEFINITION)[number];

/** What the test reads of a route of the tree. */
interface RouteFacts {
  isRoot: boolean;
  fullPath: string;
  options: { staticData?: StaticDataRouteOption };
}

/** Every menu link of docs/product/shell.md with its path, role and function (groups flattened). */
function menuLinks(definitions: readonly Definition[]): { path: string; role: string | null; feature: string | undefined }[] {
  return definitions.flatMap((definition) => {
    if (definition.kind === 'divider') return [];
    if (definition.kind === 'group') return menuLinks(definition.children);
    const path =
      typeof definition.path === 'string'
        ? definition.path
        : definition.path({ roles: [], isSystemAdmin: false, ownOrganizationId: 7, selectedOrganizationId: 7, systemOrganizationId: 1, options: null, today: '2026-11-01' });
    return [{ path, role: definition.role, feature: definition.feature }];
  });
}

describe('the roles and functions of the routes', () => {
  it('every route under a menu entry needs that entry\'s role and function, as the menu hides it (and no other route needs one)', () => {
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
      expect({ route: route.fullPath, role: route.options.staticData?.role, feature: route.options.staticData?.feature }).toEqual({
        route: route.fullPath,
        role: owner?.role ?? undefined,
        feature: owner?.feature,
      });
    }
  });
});
